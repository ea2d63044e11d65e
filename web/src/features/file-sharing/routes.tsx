import type { RouteObject } from 'react-router';

/** Children of /customer: file sharing (SPEC.md section 2; `/share` redirects here). */
export const fileSharingRoutes: RouteObject[] = [
  {
    path: 'file-sharing',
    lazy: async () => ({ Component: (await import('./components/file-sharing-page.tsx')).FileSharingPage }),
  },
];
