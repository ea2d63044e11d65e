import type { RouteObject } from 'react-router';
import { STAFF_ROLES } from '@shared/domain/roles.ts';

/** Children of /admin: the registrations desk (SPEC.md sections 2 and 6; issue 7). */
export const registrationsDeskRoutes: RouteObject[] = [
  {
    path: 'registrations',
    handle: { roles: STAFF_ROLES },
    lazy: async () => ({
      Component: (await import('./components/registrations-page.tsx')).RegistrationsPage,
    }),
  },
];
