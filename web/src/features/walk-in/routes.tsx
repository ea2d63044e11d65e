import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/walk-in: register, take payment and check in at the door (staff, as check-in).
export const walkInRoutes: RouteObject[] = [
  {
    path: relativePath('walkIn', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./walk-in-page.tsx')).WalkInPage }),
  },
];
