import { defineConfig } from 'vitest/config';

// The browser suite: each file starts its own server stack from a data directory migrated
// once for the run (src/global-setup.ts). Two files run at a time: a file spends much of
// its time waiting (a server starting, a page syncing), and two at once use both cores
// (the suite took 34 min one file at a time before stacks shared a migrated directory,
// 18 min two at a time with it; both beside other work on this 2-core machine). The flake hunt
// (stress/run.ts) runs each file beside a busy core, as harsh as a neighbour file.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    // A failed test prints its servers' warnings and last lines (a CI flake must be readable).
    setupFiles: ['src/failure-log.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
