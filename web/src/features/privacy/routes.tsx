import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// Decision 045. /admin/access-log: who looked at a family's data, for SuperAdmins, as its /api
// route is.
export const accessLogRoutes: RouteObject[] = [
  {
    path: relativePath('accessLog', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/access-log-page.tsx')).AccessLogPage }),
  },
];

/** `/customer/your-data`: the same section on a page of its own (a child of /customer). */
export const yourDataPageRoutes: RouteObject[] = [
  {
    path: relativePath('yourData', PAGES.customer.path),
    lazy: async () => ({ Component: (await import('./components/your-data-page.tsx')).YourDataPage }),
  },
];

/**
 * "Your data" ("Download my data", "Delete my account"): shown in /customer/home's outlet, so the
 * customer home (another feature) mounts it without importing it; app/routes.tsx joins the two.
 */
export const yourDataRoute: RouteObject = {
  index: true,
  lazy: async () => ({ Component: (await import('./components/your-data.tsx')).YourData }),
};
