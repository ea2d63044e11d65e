import { Navigate, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes.tsx';
import { communicationsRoutes } from '../features/communications/routes.tsx';
import { competitorsRoutes } from '../features/competitors/routes.tsx';
import { dashboardRoutes } from '../features/dashboard/routes.tsx';
import { devOutboxRoutes } from '../features/dev-outbox/routes.tsx';
import { systemRoutes } from '../features/system/routes.tsx';
import { accessLogRoutes, yourDataPageRoutes, yourDataRoute } from '../features/privacy/routes.tsx';
import { staffRoutes } from '../features/staff/routes.tsx';
import { checkInRoutes } from '../features/check-in/routes.tsx';
import { paymentRoutes } from '../features/payments/routes.tsx';
import { walkInRoutes } from '../features/walk-in/routes.tsx';
import { familyFilesRoutes, fileSharingRoutes } from '../features/file-sharing/routes.tsx';
import { familyDayRoutes } from '../features/family-day/routes.tsx';
import { HomePage } from '../features/home/components/home-page.tsx';
import { adminRegistrationRoutes, customerRegistrationRoutes } from '../features/registration/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { matchmakingRoutes } from '../features/matchmaking/routes.tsx';
import { divisionSheetsRoutes } from '../features/division-sheets/routes.tsx';
import { registrationsDeskRoutes } from '../features/registrations-desk/routes.tsx';
import { ringsRoutes } from '../features/rings/routes.tsx';
import { controlRoomRoutes } from '../features/control-room/routes.tsx';
import { matchdayRoutes } from '../features/matchday/routes.tsx';
import { href, PAGES, relativePath } from './pages.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// Every route of docs/product.md §2. The home page is in the main bundle (it is the landing
// page); other pages load lazily, and the admin layout is its own chunk.
// Feature owners add their routes in their feature's routes.tsx, not here; a page made of two
// features' parts is composed here, since features do not import each other.

/**
 * /admin/registration/{id}: the family's name, the staff details (owner, payments, receipts,
 * check-in, resend, view as) beside the page, and the registration's files (decision 025) below.
 */
const adminRegistrationDetailRoute: RouteObject = {
  path: relativePath('adminRegistration', PAGES.admin.path),
  lazy: async () => {
    const [{ AdminRegistrationPage }, { StaffRegistrationDetail }, { RegistrationFilesPanel }] =
      await Promise.all([
        import('../features/registration/components/area-pages.tsx'),
        import('../features/registrations-desk/components/staff-registration-panel.tsx'),
        import('../features/file-sharing/components/registration-files-panel.tsx'),
      ]);
    return {
      Component: () => (
        <div className="grid gap-6">
          <StaffRegistrationDetail>
            <AdminRegistrationPage />
          </StaffRegistrationDetail>
          <RegistrationFilesPanel />
        </div>
      ),
    };
  },
};
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: relativePath('contact', ''),
            lazy: async () => ({
              Component: (await import('../features/contact/components/contact-page.tsx')).ContactPage,
            }),
          },
          {
            path: relativePath('privacy', ''),
            lazy: async () => ({
              Component: (await import('../features/privacy/components/privacy-page.tsx')).PrivacyPage,
            }),
          },
          {
            path: relativePath('mailingList', ''),
            lazy: async () => ({
              Component: (await import('../features/mailing-list/components/mailing-list-page.tsx'))
                .MailingListPage,
            }),
          },
          {
            path: relativePath('signage', ''),
            lazy: async () => ({
              Component: (await import('../features/signage/components/signage-page.tsx')).SignagePage,
            }),
          },
          {
            path: relativePath('results', ''),
            lazy: async () => ({
              Component: (await import('../features/results/components/results-page.tsx')).ResultsPage,
            }),
          },
          {
            path: relativePath('user', ''),
            children: [{ index: true, element: <Navigate to={href('login')} replace /> }, ...authRoutes],
          },
          {
            path: relativePath('customer', ''),
            children: [
              { index: true, element: <Navigate to={href('customerHome')} replace /> },
              // The customer home shows "Your data" (the privacy feature) in its outlet.
              ...customerRegistrationRoutes.map((r): RouteObject =>
                !r.index && r.path === relativePath('customerHome', PAGES.customer.path)
                  ? { ...r, children: [yourDataRoute] }
                  : r,
              ),
              ...fileSharingRoutes,
              ...familyDayRoutes,
              ...yourDataPageRoutes,
            ],
          },
          { path: relativePath('share', ''), element: <Navigate to={href('fileSharing')} replace /> },
          {
            path: relativePath('admin', ''),
            lazy: async () => ({ Component: (await import('./admin-layout.tsx')).AdminLayout }),
            children: [
              { index: true, element: <Navigate to={href('dashboard')} replace /> },
              ...communicationsRoutes,
              ...familyFilesRoutes,
              ...devOutboxRoutes,
              ...systemRoutes,
              ...accessLogRoutes,
              ...staffRoutes,
              ...dashboardRoutes,
              ...competitorsRoutes,
              ...checkInRoutes,
              ...paymentRoutes,
              ...walkInRoutes,
              ...registrationsDeskRoutes,
              adminRegistrationDetailRoute,
              ...adminRegistrationRoutes,
              ...settingsRoutes,
              ...matchmakingRoutes,
              ...divisionSheetsRoutes,
              ...ringsRoutes,
              ...controlRoomRoutes,
              ...matchdayRoutes,
            ],
          },
          { path: '*', handle: { unknownPath: true }, element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
