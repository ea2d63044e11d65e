import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/check-in: CheckInAdmin, TournamentDirector, SuperAdmin (docs/product.md §6).
export const checkInRoutes: RouteObject[] = [
  {
    path: relativePath('checkIn', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./check-in-page.tsx')).CheckInPage }),
  },
];
