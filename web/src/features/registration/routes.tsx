import type { RouteObject } from 'react-router';
import { STAFF_ROLES } from '@shared/domain/roles.ts';
import { ComingSoonPage } from '../../components/placeholder-page.tsx';

// PLACEHOLDERS: the registration engineer replaces these with the real pages (loaded lazily,
// `lazy: async () => ({ Component: ... })`). The shell checks that every `...Id` param is numeric.

/** Children of /customer (SPEC.md section 2 "Customer area"). */
export const customerRegistrationRoutes: RouteObject[] = [
  { path: 'home', element: <ComingSoonPage name="Customer Home" /> },
  { path: 'registration', element: <ComingSoonPage name="Registration" /> },
  { path: 'registration/:registrationId', element: <ComingSoonPage name="Online Registration" /> },
  { path: 'registration/:registrationId/confirmation', element: <ComingSoonPage name="Confirmation" /> },
  { path: 'registration/:registrationId/competitor/:competitorId?', element: <ComingSoonPage name="Competitor" /> },
  { path: 'registration/:registrationId/receipt', element: <ComingSoonPage name="Receipt" /> },
];

/**
 * Children of /admin. `handle.roles` limits a route to roles (SPEC.md section 6); the admin
 * competitor edit route has no role restriction of its own.
 */
export const adminRegistrationRoutes: RouteObject[] = [
  {
    path: 'registration/:registrationId',
    handle: { roles: STAFF_ROLES },
    element: <ComingSoonPage name="Registration" />,
  },
  { path: 'registration/:registrationId/competitor/:competitorId?', element: <ComingSoonPage name="Competitor" /> },
];
