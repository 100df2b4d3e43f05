import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from './api';
import { memberKey } from './member';
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
 * The query key of a session's balance. It sits under the member's key, so it goes with the rest
 * of the session's answers at logout, and another session never sees it.
 */
export const balanceKey = (token: string) => [...memberKey(token), 'balance'];

/** GET /wps/v2/wallets/balance for the session ``token``. */
const balanceQuery = (token: string) =>
  queryOptions({
    queryKey: balanceKey(token),
    queryFn: ({ signal }) => request<WalletBalance>('/wps/v2/wallets/balance', { headers: { Authorization: `Bearer ${token}` }, signal }),
  });

/**
 * Load the session's balance again, for every reader of it (the header, the member centre), and
 * answer the new balance, or null when it could not be had. A load still under way is dropped:
 * it may have been sent before the money moved.
 */
function reloadBalance(queryClient: QueryClient): Promise<WalletBalance | null> {
  const token = readSession()?.token;
  if (!token) return Promise.resolve(null);
  // The load under way is cancelled there and then (the promise only tells when it has settled),
  // so the new one is sent before this returns: a page going away may not wait for more.
  void queryClient.cancelQueries({ queryKey: balanceKey(token), exact: true });
  return queryClient.fetchQuery({ ...balanceQuery(token), staleTime: 0 }).catch(() => null);
}

/** What to call after every money action (a transfer, a deposit, a withdrawal, a game launch). */
export function useRefreshBalance(): () => Promise<WalletBalance | null> {
  const queryClient = useQueryClient();
  return useCallback(() => reloadBalance(queryClient), [queryClient]);
}

/**
 * The member's balance, loaded once per session when first asked for and then only again through
 * ``refresh`` (useRefreshBalance). The query client is shared by the shell and the remotes, so
 * every reader shows the same balance. Without a session it is null.
 */
export function useBalance(): BalanceState & { refresh: () => Promise<WalletBalance | null> } {
  const token = useSession()?.token ?? '';
  const query = useQuery({ ...balanceQuery(token), enabled: Boolean(token), staleTime: Infinity });
  const refresh = useRefreshBalance();
  // A failure is not shown while the balance loads again.
  return { balance: query.data ?? null, loading: query.isFetching, error: query.isFetching ? null : query.error, refresh };
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
