import { ChevronDown } from 'lucide-react';
import { MESSAGES } from '@shared/domain/messages.ts';
import { DIRECTOR_ROLES, hasAnyRole, STAFF_ROLES } from '@shared/domain/roles.ts';
import { useCallback, useEffect } from 'react';
import {
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  useBlocker,
  useLocation,
  useMatches,
  type BlockerFunction,
} from 'react-router';
import { MORE_PAGES } from '../components/admin-pages.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { SyncIndicator } from '../sync/sync-indicator.tsx';
import { ImpersonationBanner } from '../features/registrations-desk/components/impersonation-banner.tsx';
import { usePageAlert } from '../lib/page-alert.tsx';
import { useSession } from '../lib/session.ts';
import { cn } from '../lib/utils.ts';
import { routes } from './routes.tsx';

// SPEC.md section 2 "Admin navigation" and section 6.
const NAV: { to: string; label: string; roles: readonly string[] }[] = [
  { to: '/admin/dashboard', label: 'Dashboard', roles: DIRECTOR_ROLES },
  { to: '/admin/competitors', label: 'Competitors', roles: DIRECTOR_ROLES },
  { to: '/admin/registrations', label: 'Registrations', roles: STAFF_ROLES },
  { to: '/admin/payments', label: 'Payments', roles: STAFF_ROLES },
  { to: '/admin/check-in', label: 'Check-in', roles: STAFF_ROLES },
  { to: '/admin/matchmaking', label: 'Matchmaking', roles: DIRECTOR_ROLES },
  { to: '/admin/matchday', label: 'Matchday', roles: DIRECTOR_ROLES },
  { to: '/admin/rings', label: 'Rings', roles: DIRECTOR_ROLES },
];

interface RolesHandle {
  roles?: readonly string[];
}

/** The roles the deepest route that names any requires (none: any staff role). */
export function requiredRoles(handles: unknown[]): readonly string[] | undefined {
  for (const handle of [...handles].reverse()) {
    const roles = (handle as RolesHandle | undefined)?.roles;
    if (roles) return roles;
  }
  return undefined;
}

/** Whether `roles` may open `pathname` (an admin page whose route names no roles: any staff role). */
export function mayOpen(pathname: string, roles: readonly string[]): boolean {
  const needed = requiredRoles((matchRoutes(routes, pathname) ?? []).map((m) => m.route.handle));
  return !needed || hasAnyRole(roles, needed);
}

/**
 * SPEC.md section 8: following a link to a page the role may not open cancels the navigation;
 * the user stays where they were and reads the permission message in the page alert
 * (docs/decisions/ "admin desk"). Without a page to stay on (a typed address, a first load)
 * the layout shows the message in place of the page instead.
 */
function useCancelForbiddenNavigation(roles: readonly string[]) {
  const { showAlert } = usePageAlert();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname.startsWith('/admin') &&
      !mayOpen(nextLocation.pathname, roles),
    [roles],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    showAlert('danger', MESSAGES.noPermission);
  }, [blocker, showAlert]);
}

const NO_ROLES: readonly string[] = [];

export function AdminLayout() {
  const session = useSession();
  const matches = useMatches();
  const { pathname } = useLocation();
  const roles = session?.user.roles ?? NO_ROLES;
  useCancelForbiddenNavigation(roles);

  if (!hasAnyRole(roles, STAFF_ROLES)) {
    return <Alert variant="danger">{MESSAGES.needsAuthentication}</Alert>;
  }
  // A bare /admin goes to the dashboard (SPEC.md section 2); a check-in admin, who may not
  // see it, goes where login sends them (SPEC.md section 4).
  if (/^\/admin\/?$/.test(pathname) && !hasAnyRole(roles, DIRECTOR_ROLES)) {
    return <Navigate to="/admin/registrations" replace />;
  }
  const needed = requiredRoles(matches.map((m) => m.handle));
  const allowed = !needed || hasAnyRole(roles, needed);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium text-foreground no-underline hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
      isActive && 'bg-accent',
    );

  return (
    <div className="grid gap-6">
      <nav aria-label="Admin" className="flex flex-wrap items-center gap-1 border-b pb-2 print:hidden">
        {NAV.filter((item) => hasAnyRole(roles, item.roles)).map((item) => (
          <NavLink key={item.to} to={item.to} className={linkClass}>
            {item.label}
          </NavLink>
        ))}
        {roles.includes('SuperAdmin') && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="sm">
                More
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {/* Issue 19: every settings page, in the settings navigation's order; Logout is the header's. */}
              {MORE_PAGES.map((item) => (
                <DropdownMenuItem key={item.to} asChild>
                  <Link to={item.to}>{item.label}</Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </nav>
      <div className="print:hidden">
        <SyncIndicator />
      </div>
      <ImpersonationBanner />
      {allowed ? <Outlet /> : <Alert variant="danger">{MESSAGES.noPermission}</Alert>}
    </div>
  );
}
