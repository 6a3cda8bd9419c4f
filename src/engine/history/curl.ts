// `history:export-curl`: a recorded request as a curl command, either byte-for-byte as sent or
// re-signed now with the secret the engine knows. The secret itself never appears, only headers.

import { nowSeconds } from '../protocol/index.ts';
import type { Exchange } from '../store/history.ts';
import { BridgeError } from './errors.ts';
import { knownSecretOf } from './handler-context.ts';
import type { HandlerContext } from './handler-context.ts';
import { resendableHeaders, resigned } from './resend-headers.ts';

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(ctx: HandlerContext, e: Exchange, mode: 'as-sent' | 're-signed'): string {
  let headers = resendableHeaders(e.requestHeaders);
  if (mode === 're-signed') {
    const known = knownSecretOf(ctx, e);
    if (!known)
      throw new BridgeError(
        'secret_unknown',
        'this exchange went to a URL typed by hand and the testbench does not keep such secrets: export it as sent, or send it again through a connection',
      );
    headers = resigned(headers, known.secret, String((ctx.now ?? nowSeconds)()), e.requestBody);
  }
  const lines = [`curl -sS -X ${e.method} ${shellQuote(urlOf(ctx, e))}`];
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
function urlOf(ctx: HandlerContext, e: Exchange): string {
  if (e.direction === 'outgoing' || /^https?:\/\//i.test(e.url)) return e.url;
  const id = e.localConnectorId;
  if (id) {
    try {
      const status = ctx.host.status(id);
      if (status.url) return new URL(e.url, status.url).toString();
      const d = ctx.host.get(id).definition;
      if (d.port !== 0)
        return new URL(e.url, `http://${d.host === '0.0.0.0' ? '127.0.0.1' : d.host}:${d.port}`).toString();
    } catch {
      // The connector was deleted: fall through to the explicit error.
    }
  }
  throw new BridgeError(
    'not_running',
    'the local connector that received this request is not running, so its address is unknown: start it and export again',
  );
}
