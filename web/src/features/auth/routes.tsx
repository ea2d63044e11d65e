import type { RouteObject } from 'react-router';
import { ComingSoonPage } from '../../components/placeholder-page.tsx';

// Children of /user (SPEC.md section 2). The app shell's guard already sends a signed-in
// user to /customer/registration and checks that `userId` is numeric.
// PLACEHOLDERS: the accounts engineer replaces these with the real pages, loaded lazily, e.g.
//   { path: 'login', lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }) }
export const authRoutes: RouteObject[] = [
  { path: 'login', element: <ComingSoonPage name="Login" /> },
  { path: 'register', element: <ComingSoonPage name="Sign Up" /> },
  { path: 'pending', element: <ComingSoonPage name="Pending Verification" /> },
  { path: 'verification/:hash', element: <ComingSoonPage name="Verify Account" /> },
  { path: 'forgot', element: <ComingSoonPage name="Forgot Password" /> },
  { path: 'reset/:userId/:hash', element: <ComingSoonPage name="Reset Password" /> },
];
