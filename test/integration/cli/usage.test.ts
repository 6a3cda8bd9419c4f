// Bad usage of `ctb`: every wrong flag value ends in exactly one `ctb: ...` line on stderr and exit
// code 2, with nothing on stdout and never a stack trace; an unreachable connector is exit 1.

import { describe, expect, it } from 'vitest';
import { runCtb } from './run-ctb.ts';

const URL_OK = 'http://127.0.0.1:9/service';

const cases: Array<[string, string[], RegExp]> = [
  ['a URL that is not one', ['ping', '--url', 'not a url', '--secret', 's'], /--url expects an http/],
  [
    'a URL with another scheme',
    ['ping', '--url', 'ftp://example.test/service', '--secret', 's'],
    /scheme "ftp:"/,
  ],
  [
    'parameters that are not JSON',
    ['invoke', '--url', URL_OK, '--secret', 's', '--tool', 't', '--params', '{sku:1}'],
    /--params is not valid JSON/,
  ],
  [
    'parameters that are a JSON array',
    ['invoke', '--url', URL_OK, '--secret', 's', '--tool', 't', '--params', '[1]'],
    /must be a JSON object/,
  ],
  ['an invoke without --tool', ['invoke', '--url', URL_OK, '--secret', 's'], /invoke needs --tool/],
  ['a call without any secret', ['ping', '--url', URL_OK], /--secret SECRET or set CTB_SECRET/],
  ['a call without a URL', ['tools', '--secret', 's'], /--url URL/],
  [
    'a skew that is not an integer',
    ['verify', '--secret', 's', '--skew', '1.5', '--body', '{}'],
    /--skew expects a whole number/,
  ],
  ['a negative skew', ['connector', 'serve', '--skew', '-1'], /--skew must be at least 1/],
  [
    'an unknown header case',
    ['ping', '--url', URL_OK, '--secret', 's', '--header-case', 'title'],
    /--header-case expects upper, lower or mixed/,
  ],
  [
    'a skew offset in minutes',
    ['ping', '--url', URL_OK, '--secret', 's', '--skew-offset', '5m'],
    /--skew-offset expects a whole number/,
  ],
  ['a port out of range', ['connector', 'serve', '--port', '70000'], /--port must be at most 65535/],
  [
    'a timestamp in milliseconds to sign',
    ['sign', '--secret', 's', '--timestamp', '1763700000000', '--body', '{}'],
    /--timestamp expects unix seconds/,
  ],
  [
    'a header without a colon',
    ['verify', '--secret', 's', '--header', 'x-service-timestamp', '--body', '{}'],
    /--header expects NAME:VALUE/,
  ],
  [
    'a missing body file',
    ['sign', '--secret', 's', '--body-file', '/nonexistent/ctb-body.json'],
    /cannot read --body-file .*no such file/,
  ],
  ['an unknown option', ['ping', '--url', URL_OK, '--secret', 's', '--bogus'], /unknown option '--bogus'/],
  [
    'dropping a header the client never sends',
    ['tools', '--url', URL_OK, '--secret', 's', '--drop-header', 'x-nope'],
    /--drop-header accepts only the signing headers x-service-signature, x-service-timestamp, x-service-protocol .*"x-nope"/,
  ],
  [
    'dropping content-type, which is not a signing header',
    ['ping', '--url', URL_OK, '--secret', 's', '--drop-header', 'content-type'],
    /--drop-header accepts only the signing headers/,
  ],
  [
    'dropping the same header twice',
    [
      'ping',
      '--url',
      URL_OK,
      '--secret',
      's',
      '--drop-header',
      'x-service-timestamp',
      '--drop-header',
      'X-SERVICE-TIMESTAMP',
    ],
    /--drop-header x-service-timestamp is given twice/,
  ],
  [
    'a skew offset past what a number holds exactly',
    ['ping', '--url', URL_OK, '--secret', 's', '--skew-offset', '99999999999999999999'],
    /--skew-offset is out of range/,
  ],
  [
    'a skew offset of more than a century',
    ['ping', '--url', URL_OK, '--secret', 's', '--skew-offset', '-4000000000'],
    /--skew-offset must be at least -3162240000/,
  ],
  [
    'a protocol version with a line break',
    ['ping', '--url', URL_OK, '--secret', 's', '--protocol-version', '1\r\nx-evil: 1'],
    /--protocol-version must be at most 200 printable ASCII characters .*"1\\r\\nx-evil: 1"/,
  ],
  [
    'a trace id with an accent',
    ['ping', '--url', URL_OK, '--secret', 's', '--trace-id', 'café'],
    /--trace-id must be at most 200 printable ASCII characters/,
  ],
];

describe('bad usage', () => {
  for (const [what, args, message] of cases) {
    it(`rejects ${what} with one line and exit 2`, async () => {
      const run = await runCtb(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^ctb: /);
      expect(lines[0]).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('reports an unreachable connector in one line with exit 1', async () => {
    const run = await runCtb(['ping', '--url', 'http://127.0.0.1:1/service', '--secret', 's']);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^ctb: connect_error: .*ECONNREFUSED/),
    ]);
  });
});
