import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// Decision 049. /admin/staff: staff accounts and invitations, for SuperAdmins, as its /api routes are.
export const staffRoutes: RouteObject[] = [
  {
    path: relativePath('staff', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/staff-page.tsx')).StaffPage }),
  },
];
