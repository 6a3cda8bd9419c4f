#!/usr/bin/env node
// `ctb`: runs the TypeScript sources directly (Node >= 22.19 strips types natively).
// Plain JavaScript, so an older Node stops at one clear line instead of a TypeScript syntax error.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`ctb needs Node.js >= 22.19 (this is ${process.versions.node}). See README.md.\n`);
  process.exit(2);
}
await import('../src/cli/index.ts');
