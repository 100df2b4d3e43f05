/// <reference lib="webworker" />
/**
 * The brand's service worker (served at /sw.js): the shell offline. Built by Workbox's
 * InjectManifest, which puts the files of the shell's first load in ``self.__WB_MANIFEST``
 * (webpack.config.js): a new build is a new worker, which keeps the new files, drops the old ones
 * and takes over open pages. The build's other chunks (pages, modals, the centres) are kept when
 * first used, so a page opened once opens offline too.
 *
 * Pages are asked of the network first and kept; offline, a page opened before shows as it was,
 * and any other shows the shell (kept at install with its catalogue), whose no-connection notice says why. Calls to
 * the API are never answered from here (cachePolicy.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CHUNKS_CACHE, FILES_CACHE, PAGES_CACHE, SHELL_PAGE, isBuiltChunk, isKeptFile, isKeptPage, preloadedFiles } from './cachePolicy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const ORIGIN = self.location.origin;
// A page waits this long for the network before the kept copy shows.
const NETWORK_SECONDS = 5;
// Chunks of past builds go after this long unused, or when more than this many are kept.
const CHUNK_SECONDS = 30 * 24 * 60 * 60;
const CHUNK_ENTRIES = 200;

/** The shell's page, and the catalogue of texts it preloads, without which it cannot start. */
async function keepShell(): Promise<void> {
  const page = await fetch(SHELL_PAGE);
  if (!page.ok) throw new Error(`shell_unavailable:${page.status}`);
  await (await caches.open(PAGES_CACHE)).put(SHELL_PAGE, page.clone());
  await (await caches.open(FILES_CACHE)).addAll(preloadedFiles(await page.text()));
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell());
  void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();

// The shell's entry is asked for as main.js?v=<its hash>: the kept copy answers whatever the hash.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^v$/] });

registerRoute(
  ({ request, url }) => isKeptPage(request, url, ORIGIN),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: NETWORK_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 50 })],
  }),
);

registerRoute(
  ({ request, url }) => isBuiltChunk(request, url, ORIGIN),
  new CacheFirst({
    cacheName: CHUNKS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: CHUNK_ENTRIES, maxAgeSeconds: CHUNK_SECONDS, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request, url }) => isKeptFile(request, url, ORIGIN),
  new StaleWhileRevalidate({ cacheName: FILES_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 300 })] }),
);

// Offline, a page never opened before is the shell, which routes to it and says there is no connection.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const shell = await caches.match(SHELL_PAGE, { cacheName: PAGES_CACHE });
    if (shell) return shell;
  }
  return Response.error();
});
