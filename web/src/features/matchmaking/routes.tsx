import { Navigate, type RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';

// Matchmaking (issue 13): TournamentDirector, SuperAdmin (SPEC.md section 6). The draft page's
// tabs all, split and combine are child routes (SPEC.md section 2); the page reads which one.
const handle = { roles: DIRECTOR_ROLES };

export const matchmakingRoutes: RouteObject[] = [
  {
    path: 'matchmaking',
    handle,
    lazy: async () => ({ Component: (await import('./components/matchmaking-page.tsx')).MatchmakingPage }),
  },
  {
    path: 'matchmaking/create-draft/tournament/:tournamentId',
    handle,
    lazy: async () => ({ Component: (await import('./components/create-draft-page.tsx')).CreateDraftPage }),
  },
  {
    path: 'matchmaking/:draftId',
    handle,
    lazy: async () => ({ Component: (await import('./components/draft-page.tsx')).DraftPage }),
    children: [
      { index: true, element: <Navigate to="all" replace /> },
      { path: 'all', element: null },
      { path: 'split', element: null },
      { path: 'combine', element: null },
    ],
  },
  {
    path: 'matchmaking/:draftId/split/division/:draftDivisionId',
    handle,
    lazy: async () => ({ Component: (await import('./components/split-page.tsx')).SplitPage }),
  },
  {
    path: 'matchmaking/:draftId/combine/division/:draftDivisionId',
    handle,
    lazy: async () => ({ Component: (await import('./components/combine-page.tsx')).CombinePage }),
  },
];
