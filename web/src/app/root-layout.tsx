import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { PageAlert } from '../components/page-alert.tsx';
import { t } from '../lib/i18n.tsx';
import { clearImpersonatedUserId } from '../lib/impersonation.ts';
import { usePageAlert } from '../lib/page-alert.tsx';
import { useSession, worksInAdminArea } from '../lib/session.ts';
import { useSiteSettingsError, useSiteSettingsSettled } from '../lib/site-settings.tsx';
import { guardRedirect, hasNonNumericId, RETURN_URL_KEY } from './guards.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { StaffHeader } from './staff-header.tsx';
import { RouteAnnouncer } from './route-announcer.tsx';
import { PAGES, href } from './pages.ts';

/** Every page: the login guard, id checks, header, page alert and scroll restoration. */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const session = useSession();
  const { clearAlert, showError } = usePageAlert();
  const settingsSettled = useSiteSettingsSettled();
  const settingsError = useSiteSettingsError();
  const { pathname } = location;

  useEffect(() => {
    clearAlert();
  }, [pathname, clearAlert]);
  // docs/product.md §4: impersonation ends on leaving /admin. A layout effect runs before any
  // page's effects, so the new page's first requests already go without UserContext.
  useLayoutEffect(() => {
    if (!pathname.startsWith(PAGES.admin.path)) clearImpersonatedUserId();
  }, [pathname]);
  useEffect(() => {
    if (settingsError) showError(settingsError);
  }, [settingsError, showError]);

  const deepest = matches.at(-1);
  // Unknown paths and non-numeric ids go home, before the login guard (docs/product.md §2).
  if ((deepest?.handle as { unknownPath?: boolean } | undefined)?.unknownPath)
    return <Navigate to="/" replace />;
  if (hasNonNumericId(deepest?.params ?? {})) return <Navigate to="/" replace />;
  // Signing in moves on from the /user page in place (decision 027): while that navigation runs,
  // the page signed in a moment ago is not sent elsewhere.
  const leaving = navigation.state !== 'idle' && pathname.startsWith(PAGES.user.path);
  const redirect = leaving ? null : guardRedirect(pathname, !!session);
  if (redirect) {
    if (redirect === href('login')) {
      sessionStorage.setItem(RETURN_URL_KEY, pathname + location.search + location.hash);
    }
    return <Navigate to={redirect} replace />;
  }

  // The header's name and flagged links come from the settings: render once they are here
  // (public/boot.js has already started the read) so the page does not shift under the reader.
  if (!settingsSettled) return null;

  const signage = pathname.startsWith('/signage/');
  // Staff screens get the staff header (decision 028): no public links to mis-tap at the door.
  const staffScreen = pathname.startsWith(PAGES.admin.path) && worksInAdminArea(session);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      {signage ? null : staffScreen ? <StaffHeader /> : <Header />}
      <main
        id="main"
        tabIndex={-1}
        className={signage ? 'flex-1 p-4' : 'mx-auto w-full max-w-6xl flex-1 px-4 py-6'}
      >
        <PageAlert />
        <Outlet />
      </main>
      {!signage && <Footer />}
      <ScrollRestoration />
      <RouteAnnouncer />
    </div>
  );
}
