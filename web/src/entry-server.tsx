import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { pageQueries, type PageData } from './app/page-data.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import { setCatalog } from './lib/i18n.tsx';
import { takeRenderedMeta } from './lib/page-meta.ts';
import { seedQueries } from './lib/use-query.ts';

// The server's render of a public page (decision 020), built by `vite build --ssr`
// into dist-ssr/ and called by sync-server/src/http/web-app.ts. The tree is the one main.tsx
// hydrates: the same providers and routes, seeded with the same answers, as a visitor sees it.

export { PAGE_DATA_ID, scriptJson, type PageData } from './app/page-data.ts';

const handler = createStaticHandler(routes);

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The page's title and description, as its `usePageMeta` asked for them. */
  meta?: { title: string; description: string };
}

/** The page at `url` rendered with `data` in `locale`, or undefined when the app would redirect. */
export async function renderPage(
  url: string,
  data: PageData,
  locale: Locale = 'en',
): Promise<RenderedPage | undefined> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  // Server-side, one render at a time: seeding, choosing the catalog and rendering happen
  // without a pause between.
  setCatalog(locale, locale === 'fr' ? fr : en);
  seedQueries(pageQueries(data));
  takeRenderedMeta();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  return { html, meta: takeRenderedMeta() };
}
