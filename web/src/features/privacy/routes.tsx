import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/personal-data (decision 046): the retention purges' dry run, for SuperAdmins, as its /api route is.
export const privacyRoutes: RouteObject[] = [
  {
    path: relativePath('personalData', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/personal-data-page.tsx')).PersonalDataPage }),
  },
];
