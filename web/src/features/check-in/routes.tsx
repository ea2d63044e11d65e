import type { RouteObject } from 'react-router';
import { STAFF_ROLES } from '@shared/domain/roles.ts';

// /admin/check-in: CheckInAdmin, TournamentDirector, SuperAdmin (SPEC.md section 6).
export const checkInRoutes: RouteObject[] = [
  {
    path: 'check-in',
    handle: { roles: STAFF_ROLES },
    lazy: async () => ({ Component: (await import('./check-in-page.tsx')).CheckInPage }),
  },
];
