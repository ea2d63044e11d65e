import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// Division sheets (decision 017): TournamentDirector, SuperAdmin (docs/product.md §6).

export const divisionSheetsRoutes: RouteObject[] = [
  {
    path: relativePath('draftSheets', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/sheets-page.tsx')).DraftSheetsPage }),
  },
  {
    path: relativePath('divisionSheet', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/sheets-page.tsx')).DivisionSheetPage }),
  },
];
