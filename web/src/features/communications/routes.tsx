import type { RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';

// /admin/communications and its child registrations: TournamentDirector, SuperAdmin (SPEC.md
// sections 2 and 6; issue 16).
export const communicationsRoutes: RouteObject[] = [
  {
    path: 'communications',
    handle: { roles: DIRECTOR_ROLES },
    lazy: async () => ({
      Component: (await import('./components/communications-page.tsx')).CommunicationsPage,
    }),
  },
  {
    path: 'communications/registrations',
    handle: { roles: DIRECTOR_ROLES },
    lazy: async () => ({
      Component: (await import('./components/audience-picker-page.tsx')).AudiencePickerPage,
    }),
  },
];
