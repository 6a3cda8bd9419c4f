// Builds the three Electron bundles: main (ESM), a sandboxed preload (CommonJS, as sandboxed
// preloads require) and the renderer page that browser mode (`ctb serve`) also serves.
import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // Worker threads load a file of their own: emitted beside index.js (see history-writer.ts).
          'history-worker': resolve(import.meta.dirname, 'src/platform/history-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      // Monaco is megabytes of source: minified, the lazy editor chunk loads several times faster.
      minify: true,
      // The Monaco chunk is large on purpose and loaded lazily; bench/first-screen-size.ts guards
      // what the first screen loads.
      chunkSizeWarningLimit: 5000,
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
        // Monaco's worker transform is slow by nature; the timing notice says nothing actionable.
        checks: { pluginTimings: false },
      },
    },
  },
});
