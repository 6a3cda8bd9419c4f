// A recorded request as a curl command, either byte-for-byte as sent or re-signed now with the
// secret the engine knows. The secret itself never appears, only headers.

import type { ConnectorHost } from '../../connector/host/index.ts';
import type { Platform } from '../../platform/index.ts';
import { nowSeconds } from '../../protocol/index.ts';
import type { Exchange } from '../../store/history.ts';
// Shared with replay, which re-sends the same headers over HTTP.
import { resendableHeaders, resigned } from '../resend-headers.ts';
import { EngineError } from '../errors.ts';
import { knownSecretOf, receivedUrl } from '../known-secret.ts';

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(
  engine: { platform: Platform; host: ConnectorHost },
  e: Exchange,
  mode: 'as-sent' | 're-signed',
  now: () => number = nowSeconds,
): string {
  let headers = resendableHeaders(e.requestHeaders);
  if (mode === 're-signed') {
    const known = knownSecretOf(engine, e);
    if (!known)
      throw new EngineError(
        'secret_unknown',
        'this exchange went to a URL typed by hand and the testbench does not keep such secrets: export it as sent, or send it again through a connection',
      );
    headers = resigned(headers, known.secret, String(now()), e.requestBody);
  }
  const lines = [`curl -sS -X ${e.method} ${shellQuote(urlOf(engine.host, e))}`];
  for (const [name, value] of headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  const text = asPrintableText(e.requestBody);
  if (e.requestBody.length === 0) return lines.join(' \\\n');
  if (text !== null) {
    lines.push(`  --data-binary ${shellQuote(text)}`);
    return lines.join(' \\\n');
  }
  // Bytes a shell argument cannot hold (NUL, invalid UTF-8) travel as base64 on standard input.
  lines.push('  --data-binary @-');
  return `printf %s ${shellQuote(e.requestBody.toString('base64'))} | base64 -d | ${lines.join(' \\\n')}`;
}

function asPrintableText(body: Buffer): string | null {
  const text = body.toString('utf8');
  return !text.includes('\0') && Buffer.from(text, 'utf8').equals(body) ? text : null;
}

/** Incoming exchanges hold only the path; the local connector's address completes it. */
function urlOf(host: ConnectorHost, e: Exchange): string {
  if (e.direction === 'outgoing' || /^https?:\/\//i.test(e.url)) return e.url;
  const url = receivedUrl(host, e);
  if (url) return url;
  throw new EngineError(
    'not_running',
    'the local connector that received this request is not running, so its address is unknown: start it and export again',
  );
}
