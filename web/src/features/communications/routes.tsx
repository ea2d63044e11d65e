import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/communications and its child registrations: TournamentDirector, SuperAdmin (docs/product.md
// §2 and §6; decision 024).
export const communicationsRoutes: RouteObject[] = [
  {
    path: relativePath('communications', PAGES.admin.path),
    lazy: async () => ({
      Component: (await import('./components/communications-page.tsx')).CommunicationsPage,
    }),
  },
  {
    path: relativePath('audiencePicker', PAGES.admin.path),
    lazy: async () => ({
      Component: (await import('./components/audience-picker-page.tsx')).AudiencePickerPage,
    }),
  },
];
