import { lazy, type ComponentType, type JSX } from 'react';

const preloads: Array<() => Promise<void>> = [];
const retries: Array<() => void> = [];

/**
 * A component whose code is fetched when it is first drawn (React.lazy: draw it under a Suspense),
 * and drawn at once from then on. Code that did not come (offline) fails its drawing (an error
 * boundary says so) until ``retryDeferred``. ``preloadDeferred`` fetches every one made so far
 * (tests do, before they run).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const lazyLoad = () => lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  let Lazy = lazyLoad();
  preloads.push(preload);
  // React.lazy keeps its failure: a new one asks again (one still on its way shares the same fetch).
  retries.push(() => {
    if (!loaded) Lazy = lazyLoad();
  });
  function Deferred(props: P): JSX.Element {
    const Component = loaded;
    return Component ? <Component {...props} /> : <Lazy {...props} />;
  }
  return Deferred;
}

/** Fetch the code of every deferred component made so far. */
export async function preloadDeferred(): Promise<void> {
  await Promise.all(preloads.map((preload) => preload()));
}

/** Ask again for the code that did not come, the next time its component is drawn (a retry). */
export function retryDeferred(): void {
  retries.forEach((retry) => retry());
}
