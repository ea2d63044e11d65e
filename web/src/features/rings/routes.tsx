import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/rings: TournamentDirector and SuperAdmin (docs/product.md §6).
export const ringsRoutes: RouteObject[] = [
  {
    path: relativePath('rings', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/rings-page.tsx')).RingsPage }),
  },
];
