import { defineConfig } from 'vitest/config';

// The browser suite: each file starts its own server stack, one file at a time (2 cores).
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
