import { useSyncExternalStore } from 'react';

/** One clock for every countdown of the page, ticking each second while one is shown. */
const listeners = new Set<() => void>();
let now = 0;
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = Date.now();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The page's clock: while no countdown runs, the current whole second (so it reads the same twice in a row). */
function snapshot(): number {
  return timer === null ? Math.floor(Date.now() / 1000) * 1000 : now;
}

/** The time now, drawn again each second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Milliseconds left until ``deadline`` (page clock), ticking each second; 0 once passed, null without one. */
export function useCountdown(deadline: number | null): number | null {
  const current = useNow();
  return deadline === null ? null : Math.max(0, deadline - current);
}
