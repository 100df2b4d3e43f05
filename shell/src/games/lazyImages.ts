/**
 * Lazy loading of game icons (SPEC §9): an icon loads once it comes within 1.3 screens of the
 * viewport (a tenth of it showing), icons coming into view are released together at most every
 * 200 ms, a failed icon is tried once more, and the last 200 icons that loaded show at once when
 * their card is drawn again.
 */
export const LAZY_IMAGE = { attempts: 1, preload: 1.3, throttleMs: 200, cacheSize: 200, threshold: 0.1 } as const;

// A Map keeps insertion order: the first key is the one used longest ago.
const loaded = new Map<string, true>();

export function wasLoaded(src: string): boolean {
  if (!loaded.has(src)) return false;
  loaded.delete(src);
  loaded.set(src, true);
  return true;
}

export function rememberLoaded(src: string): void {
  loaded.delete(src);
  loaded.set(src, true);
  if (loaded.size > LAZY_IMAGE.cacheSize) loaded.delete(loaded.keys().next().value as string);
}

type Reveal = () => void;

const watched = new Map<Element, Reveal>();
let observer: IntersectionObserver | null = null;
let due: Reveal[] = [];
let lastRelease = Number.NEGATIVE_INFINITY;
let timer: ReturnType<typeof setTimeout> | null = null;

function release(): void {
  timer = null;
  lastRelease = Date.now();
  const now = due;
  due = [];
  now.forEach((reveal) => reveal());
}

function schedule(reveal: Reveal): void {
  due.push(reveal);
  if (timer) return;
  const wait = lastRelease + LAZY_IMAGE.throttleMs - Date.now();
  if (wait <= 0) release();
  else timer = setTimeout(release, wait);
}

function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const reveal = watched.get(entry.target);
        if (!entry.isIntersecting || !reveal) continue;
        watched.delete(entry.target);
        observer?.unobserve(entry.target);
        schedule(reveal);
      }
    },
    { rootMargin: `${Math.round((LAZY_IMAGE.preload - 1) * 100)}%`, threshold: LAZY_IMAGE.threshold },
  );
  return observer;
}

/**
 * Calls ``reveal`` once ``element`` nears the viewport (at once where the browser cannot tell);
 * the returned function stops watching, and a reveal already due is then not called.
 */
export function whenNearViewport(element: Element, reveal: Reveal): () => void {
  let wanted = true;
  const guarded = () => wanted && reveal();
  const shared = sharedObserver();
  if (!shared) {
    guarded();
    return () => undefined;
  }
  watched.set(element, guarded);
  shared.observe(element);
  return () => {
    wanted = false;
    if (watched.delete(element)) shared.unobserve(element);
  };
}
