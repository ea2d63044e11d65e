import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

/** Children of /customer: file sharing (docs/product.md §2; `/share` redirects here). */
export const fileSharingRoutes: RouteObject[] = [
  {
    path: relativePath('fileSharing', PAGES.customer.path),
    lazy: async () => ({ Component: (await import('./components/file-sharing-page.tsx')).FileSharingPage }),
  },
];

/** Children of /admin: the files staff share with every family (decision 025). */
export const familyFilesRoutes: RouteObject[] = [
  {
    path: relativePath('familyFiles', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/family-files-page.tsx')).FamilyFilesPage }),
  },
];
