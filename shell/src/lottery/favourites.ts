import { useCallback, useSyncExternalStore } from 'react';
import { readStored, useSession, writeStored } from '@tessera/kit';

/** Lottery favourites stay in this browser, per username (SPEC §3: "stored locally per username"). */
export function favouritesKey(username: string): string {
  return `lotteryFavourites:${username}`;
}

const EMPTY: readonly string[] = Object.freeze([]);
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; ids: readonly string[] }>();

/** The favourite game codes of ``username`` (none for a visitor). */
export function readFavourites(username: string | null): readonly string[] {
  if (!username) return EMPTY;
  const raw = readStored(favouritesKey(username));
  const known = cache.get(username);
  if (known && known.raw === raw) return known.ids;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    /* a damaged entry counts as none */
  }
  cache.set(username, { raw, ids });
  return ids;
}

/** Add ``gameId`` to ``username``'s favourites, or take it out when it is one. */
export function toggleFavourite(username: string, gameId: string): void {
  const ids = readFavourites(username);
  const next = ids.includes(gameId) ? ids.filter((id) => id !== gameId) : [...ids, gameId];
  writeStored(favouritesKey(username), JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change shows here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The session member's lottery favourites and a toggle (null for a visitor: the caller asks for a login). */
export function useLotteryFavourites(): { ids: readonly string[]; toggle: ((gameId: string) => void) | null } {
  const username = useSession()?.username ?? null;
  const ids = useSyncExternalStore(subscribe, () => readFavourites(username), () => EMPTY);
  const toggle = useCallback((gameId: string) => username && toggleFavourite(username, gameId), [username]);
  return { ids, toggle: username ? toggle : null };
}
