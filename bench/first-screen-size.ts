// Gzipped size of the JavaScript the first screen loads (index.html's entry script and its static
// imports, lazy chunks such as Monaco excluded), against the 600 KB budget. Run after a build.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 600 * 1024;
const outDir = resolve(process.argv[2] ?? 'out/renderer');
const indexFile = join(outDir, 'index.html');

if (!existsSync(indexFile)) {
  console.error(
    `first-screen-size: ${relative(process.cwd(), indexFile)} not found; run \`npx electron-vite build\` first`,
  );
  process.exit(2);
}

const html = readFileSync(indexFile, 'utf8');
const entries = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((m) => join(outDir, m[1].replace(/^\.?\//, '')));

// Static imports only: `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`.
// Dynamic `import("./a.js")` (React.lazy, Monaco) is what stays off the first screen.
const STATIC =
  /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

const seen = new Set<string>();
function walk(file: string): void {
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(STATIC)) walk(resolve(dirname(file), m[1]));
}
entries.forEach(walk);

const rows = [...seen].map((file) => {
  const raw = readFileSync(file);
  return { file: relative(outDir, file), raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
});
const total = rows.reduce((n, r) => n + r.gzip, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

for (const r of rows)
  console.log(`  ${r.file.padEnd(40)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`);
console.log(
  `first screen JS: ${kb(total)} gzipped in ${rows.length} file(s); budget ${kb(BUDGET_BYTES)}; ratio ${(total / BUDGET_BYTES).toFixed(3)}`,
);
if (rows.length === 0) {
  console.error('first-screen-size: no entry script found in index.html');
  process.exit(2);
}
process.exit(total > BUDGET_BYTES ? 1 : 0);
