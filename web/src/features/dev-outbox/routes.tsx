import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/dev-outbox (decision 024): the SMS and mails the server kept instead of sending. SuperAdmin
// only, as its two /api routes are (shared/src/contract/access.ts).
export const devOutboxRoutes: RouteObject[] = [
  {
    path: relativePath('devOutbox', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/dev-outbox-page.tsx')).DevOutboxPage }),
  },
];
