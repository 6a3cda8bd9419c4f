// Entry point of the Electron main process (built to out/main/index.js by electron-vite).
// All start-up logic is in app.ts so tests can drive it with a fake electron module.

import { startDesktop } from './app.ts';

startDesktop().catch((error: unknown) => {
  console.error(
    `ctb: the desktop app could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
