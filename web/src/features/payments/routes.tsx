import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/payments: CheckInAdmin, TournamentDirector, SuperAdmin (docs/product.md §6).
export const paymentRoutes: RouteObject[] = [
  {
    path: relativePath('payments', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./payments-page.tsx')).PaymentsPage }),
  },
];
