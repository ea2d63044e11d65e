import type { RouteObject } from 'react-router';
import { ComingSoonPage } from '../../components/placeholder-page.tsx';

// Children of /admin: the settings pages, SuperAdmin only (SPEC.md section 6).
// PLACEHOLDERS: the settings engineer replaces these with the real pages (loaded lazily).
const superAdmin = { roles: ['SuperAdmin'] as const };

export const settingsRoutes: RouteObject[] = [
  { path: 'tournaments', handle: superAdmin, element: <ComingSoonPage name="Tournaments" /> },
  { path: 'divisions', handle: superAdmin, element: <ComingSoonPage name="Divisions" /> },
  { path: 'event-types', handle: superAdmin, element: <ComingSoonPage name="Event Types" /> },
  { path: 'competitor-levels', handle: superAdmin, element: <ComingSoonPage name="Competitor Levels" /> },
  { path: 'events', handle: superAdmin, element: <ComingSoonPage name="Events" /> },
];
