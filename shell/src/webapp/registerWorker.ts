/** The service worker (/sw.js) of the brand's host, registered by production builds only: a
 * development build changes too often to be kept. */
export const WORKER_URL = '/sw.js';

export function registerWorker(production: boolean, container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  if (!production || !container) return;
  // After the page's own loading, so the worker's downloads never compete with it.
  const register = () => {
    container.register(WORKER_URL, { scope: '/' }).catch((error: unknown) => console.warn('service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
