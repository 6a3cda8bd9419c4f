// Serves the built renderer (out/renderer) read-only: no directory listings, nothing outside the
// folder, index.html for the app's own routes; compressed once, hashed assets cached for good.

import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under root that answers a URL path, or null (404). */
export async function resolveStatic(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  if (relative.split(/[/\\]/).includes('..')) return null;
  const candidate = join(root, relative);
  if (candidate !== root && !candidate.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  const found = await stat(candidate).catch(() => null);
  if (found?.isFile()) return candidate;
  // App routes (no extension) fall back to the page; a missing asset stays a 404.
  if (extname(relative) === '') {
    const index = join(root, 'index.html');
    return (await stat(index).catch(() => null))?.isFile() ? index : null;
  }
  return null;
}

/** Vite names built assets `name-<hash>.ext`: their bytes never change under that name. */
const HASHED = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.map',
  '.txt',
  '.ttf',
  '.ico',
]);
/** Bigger than this, a file is streamed as is rather than held in memory (none of the UI's is). */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;

interface Prepared {
  raw: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/**
 * Each file is read and compressed (brotli and gzip) once, on its first request, then answered
 * from memory: the UI's files are a few megabytes, fixed for the life of the server.
 */
export class StaticCache {
  private readonly prepared = new Map<string, Promise<Prepared | null>>();

  private prepare(file: string): Promise<Prepared | null> {
    let entry = this.prepared.get(file);
    if (!entry) {
      entry = (async () => {
        const info = await stat(file);
        if (info.size > MAX_CACHED_BYTES) return null;
        const raw = await readFile(file);
        if (!COMPRESSIBLE.has(extname(file).toLowerCase()) || raw.length < 256)
          return { raw, gzip: null, br: null };
        const [gz, b] = await Promise.all([
          gzipAsync(raw, { level: 9 }),
          brotliAsync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        ]);
        return { raw, gzip: gz.length < raw.length ? gz : null, br: b.length < raw.length ? b : null };
      })().catch(() => null);
      this.prepared.set(file, entry);
    }
    return entry;
  }

  async send(req: IncomingMessage, res: ServerResponse, file: string, head: boolean): Promise<void> {
    res.statusCode = 200;
    res.setHeader('content-type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    // Hashed assets are immutable; the page (and anything unhashed) is revalidated on every load,
    // so a rebuild is picked up at once.
    res.setHeader('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('vary', 'accept-encoding');
    const prepared = await this.prepare(file);
    if (!prepared) {
      if (head) return void res.end();
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] =
      prepared.br && /\bbr\b/.test(accepted)
        ? ['br', prepared.br]
        : prepared.gzip && /\bgzip\b/.test(accepted)
          ? ['gzip', prepared.gzip]
          : [null, prepared.raw];
    if (encoding) res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', body.length);
    res.end(head ? undefined : body);
  }
}
