// Vitest: unit and integration tests in Node, two workers for two cores, the SDK read from its sources.
// One global setup packs and installs the packages once per run for the packaging and SDK tests.

import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests read the SDK workspace package from its TypeScript sources, never from a stale build.
  ssr: { resolve: { conditions: ['@connector-testbench/source', ...defaultServerConditions] } },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    // A run-scoped folder so the packaging and SDK tests pack and install the packages once per run.
    globalSetup: ['test/integration/packaging/shared-install-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores on CI machines: two workers keep suites parallel without starving servers under test.
    maxWorkers: 2,
  },
});
