/** The service worker (/sw.js) of the brand's host, registered by production builds only: a
 * development build changes too often to be kept. */
export const WORKER_URL = '/sw.js';

/** The built files (the shell's and the remotes' code) this page loaded, from its own origin. */
export function loadedCode(entries: readonly PerformanceEntry[] = performance.getEntriesByType('resource')): string[] {
  return entries
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/static/'))
    .map((url) => url.pathname + url.search);
}

// How long after the worker takes over a download the page began before may still end.
const LATE_MS = 60_000;

/**
 * Once the worker first takes over the page, it is asked to keep the code the page loaded before
 * (a page's chunks, opened on the first visit): the worker keeps the rest as it is first used, and
 * its precache holds only the shell's first load. Workbox's router keeps what a CACHE_URLS message
 * names as if the page had asked for it through the worker. A download the page began before the
 * worker took over and that ends after never went through it either: it is named when it ends.
 */
function keepLoadedCode(container: ServiceWorkerContainer): void {
  if (container.controller) return;
  const keep = (entries: readonly PerformanceEntry[]) => {
    const urlsToCache = loadedCode(entries);
    if (urlsToCache.length) container.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
  };
  container.addEventListener(
    'controllerchange',
    () => {
      const tookOver = performance.now();
      keep(performance.getEntriesByType('resource'));
      if (typeof PerformanceObserver === 'undefined') return;
      const late = new PerformanceObserver((list) => keep(list.getEntries().filter((entry) => entry.startTime < tookOver)));
      late.observe({ type: 'resource' });
      setTimeout(() => late.disconnect(), LATE_MS);
    },
    { once: true },
  );
}

export function registerWorker(production: boolean, container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  if (!production || !container) return;
  keepLoadedCode(container);
  // After the page's own loading, so the worker's downloads never compete with it.
  const register = () => {
    container.register(WORKER_URL, { scope: '/' }).catch((error: unknown) => console.warn('service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
