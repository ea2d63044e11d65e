import type { RouteObject } from 'react-router';

// /admin/dev-outbox (issue 16): the SMS and mails the server kept instead of sending. SuperAdmin
// only, as its two /api routes are (shared/src/contract/access.ts).
export const devOutboxRoutes: RouteObject[] = [
  {
    path: 'dev-outbox',
    handle: { roles: ['SuperAdmin'] as const },
    lazy: async () => ({ Component: (await import('./components/dev-outbox-page.tsx')).DevOutboxPage }),
  },
];
