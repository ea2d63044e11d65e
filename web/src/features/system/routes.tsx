import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/system (decision 041): how the server is doing, for SuperAdmins, as its /api routes are.
export const systemRoutes: RouteObject[] = [
  {
    path: relativePath('system', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/system-page.tsx')).SystemPage }),
  },
];
