import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`): real server processes over the PostgreSQL of
// DATABASE_URL (or the local one), with the database taken away under them. One file at a time.
export default defineConfig({
  test: {
    include: ['faults/**/*.faults.ts'],
    // A failed test prints its servers' warnings and last lines (src/failure-log.ts).
    setupFiles: ['src/failure-log.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
