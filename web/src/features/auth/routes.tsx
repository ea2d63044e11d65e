import type { RouteObject } from 'react-router';
import { PAGES, relativePath } from '@web/app/pages.ts';
import { startSessionKeeper } from './session-keeper.ts';

// Children of /user (docs/product.md §2). The app shell's guard already sends a signed-in
// user to /customer/registration and checks that `userId` is numeric.
startSessionKeeper();

export const authRoutes: RouteObject[] = [
  {
    path: relativePath('login', PAGES.user.path),
    lazy: async () => ({ Component: (await import('./components/login-page.tsx')).LoginPage }),
  },
  {
    path: relativePath('register', PAGES.user.path),
    lazy: async () => ({ Component: (await import('./components/register-page.tsx')).RegisterPage }),
  },
  {
    path: relativePath('pending', PAGES.user.path),
    lazy: async () => ({ Component: (await import('./components/pending-page.tsx')).PendingPage }),
  },
  {
    path: relativePath('verification', PAGES.user.path),
    lazy: async () => ({ Component: (await import('./components/verification-page.tsx')).VerificationPage }),
  },
  {
    path: relativePath('forgot', PAGES.user.path),
    lazy: async () => ({ Component: (await import('./components/forgot-page.tsx')).ForgotPage }),
  },
  {
    path: relativePath('reset', PAGES.user.path),
    lazy: async () => ({ Component: (await import('./components/reset-page.tsx')).ResetPage }),
  },
  {
    path: relativePath('invite', PAGES.user.path),
    lazy: async () => ({ Component: (await import('./components/invite-page.tsx')).InvitePage }),
  },
];
