/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

// The service worker (DESIGN.md section 4, issue 6): the app shell and hashed assets are
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

registerRoute(
  ({ url, request, sameOrigin }) => isCachedPublicRead(url, request.method, sameOrigin),
  new NetworkFirst({
    cacheName: 'public-reads',
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

// A new version waits until the page says so (after the outbox drained, or the user agreed).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
