import { lazy, type ComponentType, type JSX } from 'react';

const preloads: Array<() => Promise<void>> = [];

/**
 * A component whose code is fetched when it is first drawn (React.lazy: draw it under a Suspense),
 * and drawn at once from then on. ``preloadDeferred`` fetches every one made so far (tests do,
 * before they run).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  preloads.push(preload);
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
