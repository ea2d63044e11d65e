/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

// The service worker (docs/design.md §4, decision 010): the app shell and hashed assets are
// precached, so a staff tablet opens the app with no network; offline navigations get the
// shell; a few public reads are network-first with the last copy as fallback. Nothing else
// of /api or /sync is cached: staff data lives in the device store (IndexedDB), not here.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the shell must never answer for (the server owns them). */
const SERVER_PATHS = /^\/(api|sync)(\/|$)/;
const NOT_SHELL = /^\/(api|sync|sw\.js|manifest\.webmanifest|robots\.txt)(\/|$)/;

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [NOT_SHELL],
  }),
);

/** Public reads a venue screen needs when the network is down (GET only). */
export const PUBLIC_READS = /^\/api\/(tournaments|event-types|settings|signage)(\/|$|\?)/;

export function isCachedPublicRead(url: URL, method: string, sameOrigin: boolean): boolean {
  return method === 'GET' && sameOrigin && PUBLIC_READS.test(url.pathname) && SERVER_PATHS.test(url.pathname);
}

const PUBLIC_READS_CACHE = 'public-reads';

registerRoute(
  ({ url, request, sameOrigin }) => isCachedPublicRead(url, request.method, sameOrigin),
  new NetworkFirst({
    cacheName: PUBLIC_READS_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

/** The public reads every screen makes on start (the web app keeps its own copy too). */
export const WARM_READS = ['/api/settings', '/api/tournaments', '/api/event-types'];

// For an offline reload (docs/design.md §1: venue screens keep working offline): the route above
// only caches reads made while this worker controls the page, and the first visit's reads were
// made before it did; the reads a page makes once per start (the site settings) then stayed
// uncached, and an offline reload found nothing. So the worker fetches them as it installs, beside
// the precache (not on activate: fetches to the page wait while a worker activates). A failure
// leaves the cache as it was.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(PUBLIC_READS_CACHE).then((cache) =>
      Promise.all(
        WARM_READS.map((path) =>
          fetch(path).then(
            (res) => (res.ok ? cache.put(path, res) : undefined),
            () => undefined,
          ),
        ),
      ),
    ),
  );
});

// A new version waits until the page says so (after the outbox drained, or the user agreed).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
