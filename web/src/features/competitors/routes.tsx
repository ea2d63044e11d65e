import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/competitors: TournamentDirector, SuperAdmin (docs/product.md §6).
export const competitorsRoutes: RouteObject[] = [
  {
    path: relativePath('competitors', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/competitors-page.tsx')).CompetitorsPage }),
  },
];
