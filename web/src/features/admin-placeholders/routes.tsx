import type { RouteObject } from 'react-router';
import { DIRECTOR_ROLES } from '@shared/domain/roles.ts';
import { NotBuiltYetPage } from '../../components/placeholder-page.tsx';

// Admin pages nobody has built yet (SPEC.md section 2 "Admin area"), each a visible
// "Not built yet" page with the roles of SPEC.md section 6 in `handle.roles`.
// Whoever builds one removes its line here and adds the real route in web/src/app/routes.tsx.
const directors = { roles: DIRECTOR_ROLES };
export const adminPlaceholderRoutes: RouteObject[] = [
  {
    path: 'communications',
    handle: directors,
    element: <NotBuiltYetPage name="Communications" />,
    children: [{ path: 'registrations', element: null }],
  },
];
