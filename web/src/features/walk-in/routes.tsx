import type { RouteObject } from 'react-router';
import { STAFF_ROLES } from '@shared/domain/roles.ts';

// /admin/walk-in: register, take payment and check in at the door (staff, as check-in).
export const walkInRoutes: RouteObject[] = [
  {
    path: 'walk-in',
    handle: { roles: STAFF_ROLES },
    lazy: async () => ({ Component: (await import('./walk-in-page.tsx')).WalkInPage }),
  },
];
