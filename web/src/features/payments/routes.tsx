import type { RouteObject } from 'react-router';
import { STAFF_ROLES } from '@shared/domain/roles.ts';

// /admin/payments: CheckInAdmin, TournamentDirector, SuperAdmin (SPEC.md section 6).
export const paymentRoutes: RouteObject[] = [
  {
    path: 'payments',
    handle: { roles: STAFF_ROLES },
    lazy: async () => ({ Component: (await import('./payments-page.tsx')).PaymentsPage }),
  },
];
