import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

/** Children of /customer: the family's day (docs/decisions/051-family-day-page.md). */
export const familyDayRoutes: RouteObject[] = [
  {
    path: relativePath('customerDay', PAGES.customer.path),
    lazy: async () => ({ Component: (await import('./components/day-page.tsx')).DayPage }),
  },
];
