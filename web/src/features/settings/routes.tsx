import type { RouteObject } from 'react-router';

// Children of /admin: the settings pages, SuperAdmin only (SPEC.md section 6; issue 8). The
// admin layout shows the permission message to anyone else. Each page is its own lazy chunk.
const superAdmin = { roles: ['SuperAdmin'] as const };

export const settingsRoutes: RouteObject[] = [
  {
    path: 'tournaments',
    handle: superAdmin,
    lazy: async () => ({ Component: (await import('./components/tournaments-page.tsx')).TournamentsPage }),
  },
  {
    path: 'divisions',
    handle: superAdmin,
    lazy: async () => ({ Component: (await import('./components/divisions-page.tsx')).DivisionsPage }),
  },
  {
    path: 'event-types',
    handle: superAdmin,
    lazy: async () => ({ Component: (await import('./components/event-types-page.tsx')).EventTypesPage }),
  },
  {
    path: 'competitor-levels',
    handle: superAdmin,
    lazy: async () => ({
      Component: (await import('./components/competitor-levels-page.tsx')).CompetitorLevelsPage,
    }),
  },
  {
    path: 'events',
    handle: superAdmin,
    lazy: async () => ({ Component: (await import('./components/events-page.tsx')).EventsPage }),
  },
  {
    path: 'site-settings',
    handle: superAdmin,
    lazy: async () => ({ Component: (await import('./components/site-settings-page.tsx')).SiteSettingsPage }),
  },
  {
    path: 'audit-log',
    handle: superAdmin,
    lazy: async () => ({ Component: (await import('./components/audit-log-page.tsx')).AuditLogPage }),
  },
];
