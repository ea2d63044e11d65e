import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSignedOutHandler } from '../lib/api-client.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

// SPEC.md section 4: a forced logout (401/403 while signed in) goes to `/`.
setSignedOutHandler(() => void router.navigate('/'));

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
