import { useSyncExternalStore } from 'react';
import type { BadgeKey } from './pages';

/**
 * Counts behind the member menu's red badges. The features that own them (messages, missions,
 * rewards) set them when they learn a count; the kit is a singleton, so a remote's update reaches
 * the shell's menu.
 */
export type BadgeCounts = Partial<Record<BadgeKey, number>>;

const listeners = new Set<() => void>();
let counts: BadgeCounts = {};

export function setBadgeCount(key: BadgeKey, count: number): void {
  if (counts[key] === count) return;
  counts = { ...counts, [key]: count };
  listeners.forEach((listener) => listener());
}

/** Forget every count (after logout). */
export function clearBadgeCounts(): void {
  counts = {};
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBadgeCounts(): BadgeCounts {
  return useSyncExternalStore(subscribe, () => counts, () => counts);
}
