import type { RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';

// /admin/rings: TournamentDirector and SuperAdmin (SPEC.md section 6).
export const ringsRoutes: RouteObject[] = [
  {
    path: 'rings',
    handle: { roles: DIRECTOR_ROLES },
    lazy: async () => ({ Component: (await import('./components/rings-page.tsx')).RingsPage }),
  },
];
