import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A screen test is CPU work in jsdom (a render per key typed, each page's first import
    // transformed on the spot): tests of 2 s on a quiet machine took 4 to 10 s on 2 cores with
    // one kept busy (npm run test:stress), past vitest's default 5 s. The limits catch a hang.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
