import type { RouteObject } from 'react-router';
import { startSessionKeeper } from './session-keeper.ts';

// Children of /user (SPEC.md section 2). The app shell's guard already sends a signed-in
// user to /customer/registration and checks that `userId` is numeric.
startSessionKeeper();

export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./components/login-page.tsx')).LoginPage }) },
  { path: 'register', lazy: async () => ({ Component: (await import('./components/register-page.tsx')).RegisterPage }) },
  { path: 'pending', lazy: async () => ({ Component: (await import('./components/pending-page.tsx')).PendingPage }) },
  {
    path: 'verification/:hash?',
    lazy: async () => ({ Component: (await import('./components/verification-page.tsx')).VerificationPage }),
  },
  { path: 'forgot', lazy: async () => ({ Component: (await import('./components/forgot-page.tsx')).ForgotPage }) },
  {
    path: 'reset/:userId/:hash',
    lazy: async () => ({ Component: (await import('./components/reset-page.tsx')).ResetPage }),
  },
];
