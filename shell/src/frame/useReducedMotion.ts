import { useMediaQuery } from './useMediaQuery';

/** Whether the user asks for less motion; autoplay and counters hold still then. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
