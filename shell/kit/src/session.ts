import { useSyncExternalStore } from 'react';

/** The session values of SPEC §3: the token, the member type (isAgent) and the username. */
export interface Session {
  token: string;
  isAgent: number;
  username: string;
}

/** Member types 1, 2, 41 and 42 see the agent views (SPEC §6). */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

const SESSION_KEY = 'session';
const listeners = new Set<() => void>();
let current: Session | null | undefined;

function load(): Session | null {
  try {
    const raw = window.localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export function readSession(): Session | null {
  if (current === undefined) current = load();
  return current;
}

/** Save the session after a login (or clear it with null on logout) and tell every subscriber. */
export function writeSession(session: Session | null): void {
  current = session;
  try {
    if (session) window.localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(SESSION_KEY);
  } catch {
    /* storage disabled: the session lasts for this page only */
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

export function isAgent(session: Session | null): boolean {
  return Boolean(session && AGENT_TYPES.includes(session.isAgent));
}
