import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/dashboard: TournamentDirector, SuperAdmin (docs/product.md §6).
export const dashboardRoutes: RouteObject[] = [
  {
    path: relativePath('dashboard', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/dashboard-page.tsx')).DashboardPage }),
  },
];
