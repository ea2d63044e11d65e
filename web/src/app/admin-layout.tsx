import { ChevronDown } from 'lucide-react';
import { MESSAGES } from '@shared/domain/messages.ts';
import { hasAnyRole } from '@shared/domain/roles.ts';
import { useCallback, useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet, useBlocker, useLocation, type BlockerFunction } from 'react-router';
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
import { t, tm } from '../lib/i18n.tsx';
import { usePageAlert } from '../lib/page-alert.tsx';
import { useSession } from '../lib/session.ts';
import { cn } from '../lib/utils.ts';
import { adminNavFor, href, isSyncingPage, MORE_MENU, mayOpen, pageAt, PAGES } from './pages.ts';

/**
 * docs/product.md §8: following a link to a page the role may not open cancels the navigation;
 * the user stays where they were and reads the permission message in the page alert
 * (docs/decisions/ "admin desk"). Without a page to stay on (a typed address, a first load)
 * the layout shows the message in place of the page instead.
 */
function useCancelForbiddenNavigation(roles: readonly string[]) {
  const { showAlert } = usePageAlert();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname.startsWith(PAGES.admin.path) &&
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
  const { pathname } = useLocation();
  const roles = session?.user.roles ?? NO_ROLES;
  useCancelForbiddenNavigation(roles);

  if (!hasAnyRole(roles, PAGES.admin.roles)) {
    return <Alert variant="danger">{tm(MESSAGES.needsAuthentication)}</Alert>;
  }
  // A bare /admin goes to the dashboard (docs/product.md §2); a check-in admin or a ring
  // official, who may not see it, goes where login sends them (docs/product.md §4, decision 042).
  if (/^\/admin\/?$/.test(pathname) && !mayOpen(href('dashboard'), roles)) {
    return (
      <Navigate
        to={mayOpen(href('registrations'), roles) ? href('registrations') : href('matchday')}
        replace
      />
    );
  }
  const allowed = mayOpen(pathname, roles);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium text-foreground no-underline hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
      isActive && 'bg-accent',
    );

  return (
    <div className="grid gap-6">
      <nav
        aria-label={t('common.admin.nav')}
        className="flex flex-wrap items-center gap-1 border-b pb-2 print:hidden"
      >
        {adminNavFor(roles).map((key) => (
          <NavLink key={key} to={href(key)} className={linkClass}>
            {tm(PAGES[key].title)}
          </NavLink>
        ))}
        {hasAnyRole(roles, MORE_MENU.roles) && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="sm">
                {t('common.admin.more')}
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {/* Every settings page, in the settings navigation's order; Logout is the header's (decision 029). */}
              {MORE_MENU.pages.map((key) => (
                <DropdownMenuItem key={key} asChild>
                  <Link to={href(key)}>{tm(PAGES[key].title)}</Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </nav>
      {/* On the ring tablet the sync status stays in view while the official scrolls. */}
      <div
        className={cn(
          'print:hidden empty:hidden',
          pageAt(pathname) === PAGES.matchday && 'sticky top-0 z-40 bg-background',
        )}
      >
        <SyncIndicator onlyWhenWaiting={!isSyncingPage(pathname)} />
      </div>
      <ImpersonationBanner />
      {allowed ? <Outlet /> : <Alert variant="danger">{tm(MESSAGES.noPermission)}</Alert>}
    </div>
  );
}
