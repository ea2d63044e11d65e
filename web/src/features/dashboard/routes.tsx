import type { RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';

// /admin/dashboard: TournamentDirector, SuperAdmin (SPEC.md section 6).
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    handle: { roles: DIRECTOR_ROLES },
    lazy: async () => ({ Component: (await import('./components/dashboard-page.tsx')).DashboardPage }),
  },
];
