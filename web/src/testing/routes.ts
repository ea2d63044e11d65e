import { matchRoutes } from 'react-router';
import { routes } from '../app/routes.tsx';

/**
 * Loads the lazy pages the app's router loads on arriving at each of `paths`. Each page is a
 * chunk of its own, and its first import in a test waits for the test runner to transform it
 * and everything it imports: on a busy 2-core machine that took longer than the second a
 * findBy waits, and the test failed with nothing rendered yet. A test file that renders the
 * app's routes loads the pages it visits first (in beforeAll), then times only the screen.
 */
export async function loadPages(...paths: string[]): Promise<void> {
  const loads = paths.flatMap((path) =>
    (matchRoutes(routes, path) ?? []).flatMap(({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy === 'function') return [lazy()];
      return Object.values(lazy ?? {}).map((load) => (load as () => Promise<unknown>)());
    }),
  );
  await Promise.all(loads);
}
