// The fourth build: the `ctb` CLI compiled to plain JavaScript in out/cli, so the installed package
// runs on Node without type stripping (Node refuses to strip types under node_modules).
import { resolve } from 'node:path';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const root = import.meta.dirname;
// Dependencies stay imports resolved at run time from node_modules: the bundle holds our code only.
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
];

export default defineConfig({
  publicDir: false,
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
