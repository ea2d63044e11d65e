import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';

// /admin/control-room: TournamentDirector and SuperAdmin (decision 048).
export const controlRoomRoutes: RouteObject[] = [
  {
    path: relativePath('controlRoom', PAGES.admin.path),
    lazy: async () => ({ Component: (await import('./components/control-room-page.tsx')).ControlRoomPage }),
  },
];
