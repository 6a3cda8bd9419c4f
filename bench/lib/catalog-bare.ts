// Child process of bench/connector.ts: a hand-written node:http endpoint doing what the demo catalog
// must do and nothing more (HMAC and window check, JSON parse, the catalog's own prepared SQL).

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import Database from 'better-sqlite3';
import { likePattern, SEARCH_COUNT_SQL, SEARCH_SQL } from '../../src/connector/demo-catalog/store.ts';

const [secret, dbFile] = process.argv.slice(2);
const SKEW = 300;
const db = new Database(dbFile, { readonly: true });
// Prepared once, like any careful endpoint would.
const countStmt = db.prepare(SEARCH_COUNT_SQL);
const searchStmt = db.prepare(SEARCH_SQL);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const reply = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    };
    const sig = req.headers['x-service-signature'];
    const ts = req.headers['x-service-timestamp'];
    if (
      typeof sig !== 'string' ||
      typeof ts !== 'string' ||
      !/^v1=[0-9a-f]{64}$/i.test(sig) ||
      !/^\d{1,11}$/.test(ts)
    )
      return reply(401, { type: 'error', code: 'invalid_signature', message: 'bad' });
    const expected = createHmac('sha256', secret).update(`v1:${ts}:`).update(body).digest();
    if (
      !timingSafeEqual(expected, Buffer.from(sig.slice(3), 'hex')) ||
      Math.abs(Math.floor(Date.now() / 1000) - Number(ts)) > SKEW
    )
      return reply(401, { type: 'error', code: 'invalid_signature', message: 'bad' });
    let msg: {
      type?: string;
      tool?: string;
      parameters?: { query?: string; limit?: number; category?: string };
    };
    try {
      msg = JSON.parse(body.toString('utf8'));
    } catch {
      return reply(400, { type: 'error', code: 'invalid_request', message: 'not json' });
    }
    if (msg.type === 'ping')
      return reply(200, { type: 'pong', protocol_version: '1', time: Math.floor(Date.now() / 1000) });
    if (
      msg.type !== 'tool.invoke' ||
      msg.tool !== 'searchProducts' ||
      typeof msg.parameters?.query !== 'string'
    )
      return reply(400, { type: 'error', code: 'invalid_request', message: 'no' });
    const p = msg.parameters;
    const params = { like: likePattern(p.query!), category: p.category ?? null };
    const total = (countStmt.get(params) as { n: number }).n;
    const rows = searchStmt.all({ ...params, limit: p.limit ?? 10 }) as Array<Record<string, unknown>>;
    const products = rows.map((r) => ({
      sku: r.sku,
      name: r.name,
      category: r.category,
      description: r.description,
      unit: r.unit,
      unit_price: (r.unit_price_cents as number) / 100,
      stock: r.stock,
    }));
    reply(200, { type: 'result', output: { products, count: products.length, total } });
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
process.on('SIGINT', () => process.exit(0));
