import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getJson } from './api';
import { readSession, useSession } from './session';

/** A transfer-wallet vendor's wallet of the member. */
export interface VendorWallet {
  vassalage: string;
  displayName: string;
  balance: string;
}

/** GET /wps/v2/wallets/balance: amounts are decimal strings with two places. */
export interface WalletBalance {
  /** Main wallet plus every transfer-vendor wallet. */
  sumBalance: string;
  mainBalance: string;
  currency: string;
  currencySymbol: string;
  wallets: VendorWallet[];
}

export interface BalanceState {
  balance: WalletBalance | null;
  loading: boolean;
  error: unknown;
}

/**
 * One balance for the whole page. The kit is a singleton shared by the shell and the remotes, so
 * the header and the member centre read the same store, and a money action in any page refreshes
 * the header by calling refreshBalance().
 */
interface Store extends BalanceState {
  /** The session token the balance belongs to; another session's balance is never shown. */
  token: string | null;
}

const EMPTY: Store = { balance: null, loading: false, error: null, token: null };
const NOT_LOGGED_IN: BalanceState = { balance: null, loading: false, error: null };

const listeners = new Set<() => void>();
let store: Store = EMPTY;
/** Numbers each load, so an answer that a later refresh has overtaken is dropped. */
let latest = 0;

function update(next: Store): void {
  store = next;
  listeners.forEach((listener) => listener());
}

/**
 * Load the balance again, for the current session. Call it after every money action (a transfer,
 * a deposit, a withdrawal). Resolves with the new balance, or null when it could not be had.
 */
export async function refreshBalance(): Promise<WalletBalance | null> {
  const token = readSession()?.token ?? null;
  if (!token) {
    forgetBalance();
    return null;
  }
  const load = ++latest;
  const kept = store.token === token ? store.balance : null;
  update({ balance: kept, loading: true, error: null, token });
  try {
    const balance = await getJson<WalletBalance>('/wps/v2/wallets/balance');
    if (load === latest && store.token === token) update({ balance, loading: false, error: null, token });
    return balance;
  } catch (error) {
    if (load === latest && store.token === token) update({ ...store, loading: false, error });
    return null;
  }
}

/** Drop the balance (after logout): the next session loads its own. */
export function forgetBalance(): void {
  latest += 1;
  update(EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The member's balance, loaded once per session when first asked for; ``refresh`` loads it again.
 * Without a session it is null.
 */
export function useBalance(): BalanceState & { refresh: () => Promise<WalletBalance | null> } {
  const token = useSession()?.token ?? null;
  const current = useSyncExternalStore(subscribe, () => store, () => store);
  useEffect(() => {
    if (token && store.token !== token) void refreshBalance();
  }, [token]);
  const refresh = useCallback(() => refreshBalance(), []);
  const state: BalanceState = token && current.token === token ? current : NOT_LOGGED_IN;
  return { balance: state.balance, loading: state.loading || Boolean(token && current.token !== token), error: state.error, refresh };
}

/**
 * A fresh request id for a POST that moves money (32 characters of [0-9a-f]): the server answers
 * a replay of the same id with the first result, so a double click never moves money twice.
 * getRandomValues, unlike randomUUID, works on plain-http brand hosts too.
 */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
