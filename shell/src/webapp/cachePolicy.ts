/**
 * What the brand's service worker may keep for offline use: its pages and the files they load,
 * from its own origin. Never an API answer (a member's balance, records, session) nor anything
 * sent with an Authorization header.
 */
const NEVER_KEPT = ['/wps/', '/lgw/', '/lotto/', '/api/', '/ops/', '/healthz', '/readyz', '/sw.js'];
/** The files pages load: built bundles, the brand's assets, its drawn icons and manifest, the texts' catalogues. */
const FILES = ['/static/', '/assets/', '/app-icons/', '/manifest.webmanifest', '/locales/'];

/** The page the worker keeps at install, which a navigation offline falls back to: the shell. */
export const SHELL_PAGE = '/';
export const PAGES_CACHE = 'tessera-pages';
export const FILES_CACHE = 'tessera-files';
export const CHUNKS_CACHE = 'tessera-chunks';

interface Asked {
  method: string;
  mode: string;
  headers: { has(name: string): boolean };
}

function mayKeep(request: Asked, url: URL, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    !request.headers.has('Authorization') &&
    !NEVER_KEPT.some((prefix) => url.pathname.startsWith(prefix))
  );
}

/** A page the visitor opens: kept (network first), so that it opens again offline. */
export function isKeptPage(request: Asked, url: URL, origin: string): boolean {
  return request.mode === 'navigate' && mayKeep(request, url, origin);
}

/** A file a page loads that the build's precache does not hold (the remotes, brand images). */
export function isKeptFile(request: Asked, url: URL, origin: string): boolean {
  return request.mode !== 'navigate' && mayKeep(request, url, origin) && FILES.some((prefix) => url.pathname.startsWith(prefix));
}

/** webpack's [contenthash] in a built chunk's name (123.5f3c9a0e1b2d4c6e8a7f.js): a new content is a new name. */
const CONTENT_HASHED = /\.[0-9a-f]{16,}\.(js|css)$/;

/**
 * A chunk of a build that its first load does not need (a page's, a modal's, a remote's modules):
 * kept when first used and answered from the cache from then on, as its name changes with its content.
 */
export function isBuiltChunk(request: Asked, url: URL, origin: string): boolean {
  return isKeptFile(request, url, origin) && url.pathname.startsWith('/static/') && CONTENT_HASHED.test(url.pathname);
}

const PRELOAD = /<link rel="preload" href="([^"]+)" as="fetch"/g;

/** The files a page preloads from its own origin (its language's catalogue): kept with the shell, as
 * it cannot start without them. */
export function preloadedFiles(html: string): string[] {
  return [...html.matchAll(PRELOAD)].map((match) => match[1].replaceAll('&amp;', '&')).filter((href) => href.startsWith('/') && !href.startsWith('//'));
}
