import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, routerReady } from './app/app.tsx';
import { PAGE_DATA_ID, pageQueries, pageReads, type PageData } from './app/page-data.ts';
import { chosenLocale, startLocale } from './lib/i18n.tsx';
import { keepOnDevice } from './lib/offline-cache.ts';
import { recordBeforeHydration } from './lib/before-hydration.ts';
import { seedQueries } from './lib/use-query.ts';
import { startPwa } from './sync/pwa.tsx';
import { localeOf } from '@shared/i18n/locale.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page the server rendered (decision 020) carries the answers it was rendered with:
// seeded as fresh, the first render is the server's markup and is hydrated, with no read.
const carried = document.getElementById(PAGE_DATA_ID)?.textContent;
const serverRendered = Boolean(carried && root.hasChildNodes());
// The page's language, its catalog loaded before the first render: a server-rendered page in
// the language the server chose (<html lang>), so that it hydrates the same texts.
const locale = (serverRendered && localeOf(document.documentElement.lang)) || chosenLocale();
await startLocale(locale);
if (carried && serverRendered) {
  const data = JSON.parse(carried) as PageData;
  seedQueries(pageQueries(data));
  for (const [path, answer] of pageReads(data)) keepOnDevice(path, answer);
  // Hydrated in a task of its own, after the one that evaluated the bundle, and as a
  // transition: React then hydrates in slices of a few milliseconds, yielding between them,
  // so a slow phone's main thread stays free for the reader's taps (decision 020). A tap on a
  // part not hydrated yet hydrates that part first.
  // What the visitor typed or clicked before then is done again once hydrated.
  void routerReady().then(() =>
    setTimeout(() => {
      recordBeforeHydration(root);
      startTransition(() => void hydrateRoot(root, app));
    }, 0),
  );
} else {
  createRoot(root).render(app);
}
startPwa();
