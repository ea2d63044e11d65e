import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { setCatalog } from '../lib/i18n.tsx';

// Screens speak English in tests unless a test loads another catalog (main.tsx's job in the app).
setCatalog('en', en);

// findBy and waitFor wait on a condition; their limit only ends a wait that would never end.
// A screen's first render imports what it needs on the spot (a lazy page, the zod schemas its
// reads load with the answer): with one of 2 cores kept busy that took more than the default
// 1 s (npm run test:stress), and a test failed on a page that was on its way.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // Node-environment tests (the lint boundary test) have no DOM storage.
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
