import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // PGlite: one migrated snapshot for the whole run (src/testing/pglite-snapshot.ts).
    globalSetup: ['src/testing/global-setup.ts'],
    // PGlite opens in about 2 s and slows under parallel runs on 2 cores (docs/stack-notes.md).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
