import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// The registration pages (decision 009), loaded lazily. The shell sends a non-numeric `...Id` to `/`.

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

/** Children of /customer (docs/product.md §2 "Customer area"). */
export const customerRegistrationRoutes: RouteObject[] = [
  {
    path: relativePath('customerHome', PAGES.customer.path),
    ...page(() => import('./components/customer-home-page.tsx'), 'CustomerHomePage'),
  },
  {
    path: relativePath('notificationPreferences', PAGES.customer.path),
    ...page(() => import('./components/notification-preferences-page.tsx'), 'NotificationPreferencesPage'),
  },
  {
    path: relativePath('registrationStart', PAGES.customer.path),
    ...page(() => import('./components/registration-guard-page.tsx'), 'RegistrationGuardPage'),
  },
  {
    path: relativePath('registration', PAGES.customer.path),
    ...page(() => import('./components/area-pages.tsx'), 'CustomerRegistrationPage'),
  },
  {
    path: relativePath('confirmation', PAGES.customer.path),
    ...page(() => import('./components/confirmation-page.tsx'), 'ConfirmationPage'),
  },
  {
    path: relativePath('competitor', PAGES.customer.path),
    ...page(() => import('./components/area-pages.tsx'), 'CustomerCompetitorPage'),
  },
  {
    path: relativePath('receipt', PAGES.customer.path),
    ...page(() => import('./components/receipt-page.tsx'), 'ReceiptPage'),
  },
];

/**
 * Children of /admin. The page table (app/pages.ts) limits a page to roles (docs/product.md §6); the admin
 * competitor edit route has no role restriction of its own. The registration page itself is
 * composed with the staff panel in app/routes.tsx (features do not import each other).
 */
export const adminRegistrationRoutes: RouteObject[] = [
  {
    path: relativePath('adminCompetitor', PAGES.admin.path),
    ...page(() => import('./components/area-pages.tsx'), 'AdminCompetitorPage'),
  },
];
