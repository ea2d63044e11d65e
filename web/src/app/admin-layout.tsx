import { ChevronDown } from 'lucide-react';
import { MESSAGES } from '@shared/domain/messages.ts';
import { DIRECTOR_ROLES, hasAnyRole, STAFF_ROLES } from '@shared/domain/roles.ts';
import { Link, NavLink, Outlet, useMatches, useNavigate } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { SyncIndicator } from '../features/sync/sync-indicator.tsx';
import { logout, useSession } from '../lib/session.ts';
import { cn } from '../lib/utils.ts';

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
const MORE: { to: string; label: string }[] = [
  { to: '/admin/tournaments', label: 'Tournaments' },
  { to: '/admin/divisions', label: 'Divisions' },
  { to: '/admin/event-types', label: 'Event Types' },
  { to: '/admin/competitor-levels', label: 'Competitor Levels' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/communications', label: 'Communications' },
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

export function AdminLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const matches = useMatches();
  const roles = session?.user.roles ?? [];

  if (!hasAnyRole(roles, STAFF_ROLES)) {
    return <Alert variant="danger">{MESSAGES.needsAuthentication}</Alert>;
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
      <nav aria-label="Admin" className="flex flex-wrap items-center gap-1 border-b pb-2">
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
              {MORE.map((item) => (
                <DropdownMenuItem key={item.to} asChild>
                  <Link to={item.to}>{item.label}</Link>
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
              <DropdownMenuItem
                onSelect={async () => {
                  if (await logout()) await navigate('/');
                }}
              >
                Logout
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </nav>
      <SyncIndicator />
      {allowed ? <Outlet /> : <Alert variant="danger">{MESSAGES.noPermission}</Alert>}
    </div>
  );
}
