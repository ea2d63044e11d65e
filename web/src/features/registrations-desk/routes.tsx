import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

/** Children of /admin: the registrations desk (docs/product.md §2 and §6; decision 014). */
export const registrationsDeskRoutes: RouteObject[] = [
  {
    path: relativePath('registrations', PAGES.admin.path),
    lazy: async () => ({
      Component: (await import('./components/registrations-page.tsx')).RegistrationsPage,
    }),
  },
];
