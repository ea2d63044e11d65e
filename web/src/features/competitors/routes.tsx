import type { RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';

// /admin/competitors: TournamentDirector, SuperAdmin (SPEC.md section 6).
export const competitorsRoutes: RouteObject[] = [
  {
    path: 'competitors',
    handle: { roles: DIRECTOR_ROLES },
    lazy: async () => ({ Component: (await import('./components/competitors-page.tsx')).CompetitorsPage }),
  },
];
