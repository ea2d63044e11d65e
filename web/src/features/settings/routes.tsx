import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// Children of /admin: the settings pages, SuperAdmin only (docs/product.md §6; decision 007). The
// admin layout shows the permission message to anyone else. Each page is its own lazy chunk.

export const settingsRoutes: RouteObject[] = [
  {
    path: relativePath('tournaments', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/tournaments-page.tsx')).TournamentsPage }),
  },
  {
    path: relativePath('divisions', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/divisions-page.tsx')).DivisionsPage }),
  },
  {
    path: relativePath('eventTypes', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/event-types-page.tsx')).EventTypesPage }),
  },
  {
    path: relativePath('competitorLevels', PAGES.admin.path),
    lazy: async () => ({
      Component: (await import('./components/competitor-levels-page.tsx')).CompetitorLevelsPage,
    }),
  },
  {
    path: relativePath('events', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/events-page.tsx')).EventsPage }),
  },
  {
    path: relativePath('siteSettings', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/site-settings-page.tsx')).SiteSettingsPage }),
  },
  {
    path: relativePath('auditLog', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/audit-log-page.tsx')).AuditLogPage }),
  },
  {
    path: relativePath('backups', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/backups-page.tsx')).BackupsPage }),
  },
  {
    // The retention purges' dry run (decision 046).
    path: relativePath('personalData', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/personal-data-page.tsx')).PersonalDataPage }),
  },
];
