import { useCallback, useSyncExternalStore } from 'react';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether the CSS media QUERY matches now, following its changes; false where there is no matchMedia. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaQuery(query)?.matches ?? false, () => false);
}

/**
 * Screens narrower than the full header (phones, tablets, small laptops): the header keeps the
 * logo, the member's essentials and a menu button; frame.css uses the same width.
 */
export const COMPACT_HEADER = '(max-width: 1279px)';

export function useCompactHeader(): boolean {
  return useMediaQuery(COMPACT_HEADER);
}

/** Phones: the navigation's vendor dropdowns are not shown (frame.css uses the same width). */
export const NARROW_SCREEN = '(max-width: 767px)';
