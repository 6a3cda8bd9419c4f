#!/usr/bin/env node
// `ctb`: the compiled CLI (out/cli) in an installed package, the TypeScript sources in a checkout.
// Plain JavaScript, so an older Node stops at one clear line instead of a syntax error.
import { existsSync } from 'node:fs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`ctb needs Node.js >= 22.19 (this is ${process.versions.node}). See README.md.\n`);
  process.exit(2);
}
// The sources win when present: a checkout's out/ may be older than the code being edited, and
// Node strips their types itself. An installed package ships no src/ (Node would refuse to strip
// types under node_modules anyway), only the build.
const sources = new URL('../src/cli/index.ts', import.meta.url);
const compiled = new URL('../out/cli/index.js', import.meta.url);
if (existsSync(sources)) await import(sources.href);
else if (existsSync(compiled)) await import(compiled.href);
else {
  process.stderr.write('ctb: the CLI is not built (out/cli/index.js is missing): run npm run build\n');
  process.exit(2);
}
