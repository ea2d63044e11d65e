import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
// The DOM provider wires react-dom's flushSync, so a navigation asked for with `flushSync: true`
// commits its first state at once (sign-in does: features/auth/components/login-page.tsx).
import { RouterProvider } from 'react-router/dom';
import { setSignedOutHandler } from '../lib/api-client.ts';
import { replayAfterHydration } from '../lib/before-hydration.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

// docs/product.md §4: a forced logout (401/403 while signed in) goes to `/`.
setSignedOutHandler(() => void router.navigate('/'));

/**
 * Resolves once the router has matched the first address and loaded its lazy pages: a page
 * the server rendered is hydrated only then, so the first client render is the server's markup.
 */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App() {
  // The page answers taps from here on: a server-rendered page (decision 020) shows its
  // buttons before the app has hydrated them. Tests wait for `html[data-interactive]`.
  useEffect(() => {
    replayAfterHydration();
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
