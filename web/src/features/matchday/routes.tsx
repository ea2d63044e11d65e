import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/matchday and its live leaderboard: TournamentDirector and SuperAdmin (docs/product.md §6).
export const matchdayRoutes: RouteObject[] = [
  {
    path: relativePath('matchday', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/matchday-page.tsx')).MatchdayPage }),
  },
  {
    path: relativePath('leaderboard', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/leaderboard-page.tsx')).LeaderboardPage }),
  },
];
