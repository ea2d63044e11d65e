import { Navigate, type RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// Matchmaking (decision 017): TournamentDirector, SuperAdmin (docs/product.md §6). The draft page's
// tabs all, split and combine are child routes (docs/product.md §2); the page reads which one.

export const matchmakingRoutes: RouteObject[] = [
  {
    path: relativePath('matchmaking', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/matchmaking-page.tsx')).MatchmakingPage }),
  },
  {
    path: relativePath('createDraft', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/create-draft-page.tsx')).CreateDraftPage }),
  },
  {
    path: relativePath('draft', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/draft-page.tsx')).DraftPage }),
    children: [
      { index: true, element: <Navigate to="all" replace /> },
      { path: 'all', element: null },
      { path: 'split', element: null },
      { path: 'combine', element: null },
    ],
  },
  {
    path: relativePath('splitDivision', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/split-page.tsx')).SplitPage }),
  },
  {
    path: relativePath('combineDivision', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/combine-page.tsx')).CombinePage }),
  },
];
