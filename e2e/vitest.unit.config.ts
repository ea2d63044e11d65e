import { defineConfig } from 'vitest/config';

// Unit tests of the harness itself (no server, no browser).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'sim/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
