import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

// The registration pages (issue 5), loaded lazily. The shell sends a non-numeric `...Id` to `/`.

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

/** Children of /customer (SPEC.md section 2 "Customer area"). */
export const customerRegistrationRoutes: RouteObject[] = [
  { path: 'home', ...page(() => import('./components/customer-home-page.tsx'), 'CustomerHomePage') },
  {
    path: 'home/notification-preferences',
    ...page(() => import('./components/notification-preferences-page.tsx'), 'NotificationPreferencesPage'),
  },
  {
    path: 'registration',
    ...page(() => import('./components/registration-guard-page.tsx'), 'RegistrationGuardPage'),
  },
  {
    path: 'registration/:registrationId',
    ...page(() => import('./components/area-pages.tsx'), 'CustomerRegistrationPage'),
  },
  {
    path: 'registration/:registrationId/confirmation',
    ...page(() => import('./components/confirmation-page.tsx'), 'ConfirmationPage'),
  },
  {
    path: 'registration/:registrationId/competitor/:competitorId?',
    ...page(() => import('./components/area-pages.tsx'), 'CustomerCompetitorPage'),
  },
  {
    path: 'registration/:registrationId/receipt',
    ...page(() => import('./components/receipt-page.tsx'), 'ReceiptPage'),
  },
];

/**
 * Children of /admin. `handle.roles` limits a route to roles (SPEC.md section 6); the admin
 * competitor edit route has no role restriction of its own. The registration page itself is
 * composed with the staff panel in app/routes.tsx (features do not import each other).
 */
export const adminRegistrationRoutes: RouteObject[] = [
  {
    path: 'registration/:registrationId/competitor/:competitorId?',
    ...page(() => import('./components/area-pages.tsx'), 'AdminCompetitorPage'),
  },
];
