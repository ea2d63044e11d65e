import type { RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';

// Division sheets (issue 13, step 9): TournamentDirector, SuperAdmin (SPEC.md section 6).
const handle = { roles: DIRECTOR_ROLES };

export const divisionSheetsRoutes: RouteObject[] = [
  {
    path: 'division-sheets/all/:draftId',
    handle,
    lazy: async () => ({ Component: (await import('./components/sheets-page.tsx')).DraftSheetsPage }),
  },
  {
    path: 'division-sheets/:draftDivisionId',
    handle,
    lazy: async () => ({ Component: (await import('./components/sheets-page.tsx')).DivisionSheetPage }),
  },
];
