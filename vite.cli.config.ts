// The fourth build: the `ctb` CLI compiled to plain JavaScript in out/cli, so the installed package
// runs on Node without type stripping (Node refuses to strip types under node_modules).

import { resolve } from 'node:path';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
// Dependencies are bundled in: compiling one file is far cheaper at start-up than resolving and
// loading hundreds of small CommonJS files (ctb serve's CPU to its URL drops by about a third).
// Left outside: better-sqlite3 loads its native binary relative to its own folder, and
// hdr-histogram-js reaches zlib through eval('require(...)'), which only works in CommonJS.
const KEPT_EXTERNAL = ['better-sqlite3', 'hdr-histogram-js'];
const external = [...KEPT_EXTERNAL, ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig({
  publicDir: false,
  ssr: { noExternal: true, external: KEPT_EXTERNAL },
  build: {
    ssr: true,
    target: 'node22',
    outDir: resolve(root, 'out/cli'),
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: {
        index: resolve(root, 'src/cli/index.ts'),
        // Worker threads load a file of their own, looked up beside the module that starts them,
        // so every chunk is emitted flat in out/cli (see history-writer.ts).
        'history-worker': resolve(root, 'src/platform/history-worker.ts'),
      },
      external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
      output: {
        format: 'esm',
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
