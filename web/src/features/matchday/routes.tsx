import type { RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';

// /admin/matchday and its live leaderboard: TournamentDirector and SuperAdmin (SPEC.md section 6).
export const matchdayRoutes: RouteObject[] = [
  {
    path: 'matchday',
    handle: { roles: DIRECTOR_ROLES },
    lazy: async () => ({ Component: (await import('./components/matchday-page.tsx')).MatchdayPage }),
  },
  {
    path: 'matchday/leaderboard',
    handle: { roles: DIRECTOR_ROLES },
    lazy: async () => ({ Component: (await import('./components/leaderboard-page.tsx')).LeaderboardPage }),
  },
];
