import { defineConfig } from 'vitest/config';

// The browser suite: each file starts its own server stack, one file at a time (2 cores),
// from a data directory migrated once for the run (src/global-setup.ts).
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
