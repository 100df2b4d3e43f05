// The wallet calls of my wallet, transfer to upline, account record and bonus details (wallet
// contract). Amounts are decimal strings with two places, as the server sends them.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson, sendJson, useSession, zonedRange, type Query } from '@tessera/kit';

/** GET /wps/relay/GCS_merchantWallet; isSingle: the brand has no transfer-wallet vendor. */
export interface MerchantWallet {
  isSingle: boolean;
  wallets: Array<{ vassalage: string; displayName: string }>;
}

export type TransferDirection = 'in' | 'out';

export interface TransferResult {
  transferId: string;
  status: 'done' | 'pending' | 'failed';
  mainBalance: string;
  walletBalance: string;
  sumBalance: string;
}

/** What the upline transfer needs from GET /wps/wallet/withdrawal/settings. */
export interface PaymentPasswordSettings {
  paymentPasswordRequired: boolean;
  hasPaymentPassword: boolean;
  mainBalance: string;
}

/** The kinds of the account record's type filter. */
export const RECORD_TYPES = ['all', 'deposit', 'withdrawal', 'transfer', 'upline', 'bonus', 'game', 'adjustment'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export interface WalletRecord {
  id: number | string;
  type: string;
  /** The signed effect on the wallet named by ``wallet``. */
  amount: string;
  balanceAfter: string;
  /** "main" or a vendor's vassalage. */
  wallet: string;
  createdAt: string;
  reference: string | null;
  remark: string | null;
}

export interface Bonus {
  id: number | string;
  title: string;
  amount: string;
  createdAt: string;
}

export interface Paged<T> {
  list: T[];
  pageNo: number;
  totalPages: number;
  total: number;
}

export interface BonusPage extends Paged<Bonus> {
  sumAmount: string;
}

/** Days as YYYY-MM-DD, both inclusive. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/**
 * A record query with its picked days (YYYY-MM-DD) sent as the first and last moments of those
 * days, with their offset, in the zone the member's days are counted in (SPEC §9 dates in the
 * brand's zone): the server then reads them as meant, whatever the browser's zone.
 */
export function withZonedDays(query: Query): Query {
  const days = { startDate: String(query.startDate ?? ''), endDate: String(query.endDate ?? '') };
  return { ...query, ...zonedRange(days) };
}

/** How many records a page of the account record and bonus details lists. */
export const PAGE_SIZE = 20;

export const fetchMerchantWallet = () => getJson<MerchantWallet>('/wps/relay/GCS_merchantWallet');

export const transferWallet = (body: { vassalage: string; direction: TransferDirection; amount?: string; all?: true; requestId: string }) =>
  sendJson<TransferResult>('/wps/relay/GCS_walletTransfer', body);

export const fetchPaymentPasswordSettings = () => getJson<PaymentPasswordSettings>('/wps/wallet/withdrawal/settings');

export const transferToUpline = (body: { amount: string; paymentPassword?: string; requestId: string }) =>
  sendJson<{ transferId: string; mainBalance: string }>('/wps/wallet/upline-transfers', body);

export const fetchRecords = (query: Query) => getJson<Paged<WalletRecord>>('/wps/wallet/transactions', { ...withZonedDays(query), pageSize: PAGE_SIZE });

export const fetchBonuses = (query: Query) => getJson<BonusPage>('/wps/wallet/bonuses', { ...withZonedDays(query), pageSize: PAGE_SIZE });

/**
 * The query key of one wallet answer: per session (another member's records are never shown) and
 * per language (titles and messages come translated).
 */
export function useWalletKey(): (...parts: unknown[]) => unknown[] {
  const token = useSession()?.token ?? '';
  const { i18n } = useTranslation();
  return useCallback((...parts: unknown[]) => ['wallet', ...parts, token, i18n.language], [token, i18n.language]);
}
