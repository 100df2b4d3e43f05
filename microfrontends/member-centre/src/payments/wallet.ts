// The wallet calls of the deposit and withdrawal pages (wallet contract). Amounts are decimal
// strings with two places, as the server sends them; the pages never turn them into floats.
import { getJson, request, sendEncrypted, sendJson } from '@tessera/kit';

export interface BankInstructions {
  bankName: string;
  accountName: string;
  accountNumber: string;
  note?: string | null;
}

export interface DepositChannel {
  channel: string;
  plugin: string;
  title: string;
  kind: 'manual' | 'redirect';
  minAmount: string;
  maxAmount: string;
  instructions?: BankInstructions | null;
}

export interface DepositChannels {
  currency: string;
  currencySymbol: string;
  channels: DepositChannel[];
}

export type DepositStatus = 'pending' | 'paid' | 'rejected' | 'failed' | 'expired';

export interface Deposit {
  id: number;
  channel: string;
  channelTitle: string;
  kind: 'manual' | 'redirect';
  amount: string;
  currency: string;
  status: DepositStatus;
  reference: string | null;
  hasProof: boolean;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  list: T[];
  pageNo: number;
  totalPages: number;
  total: number;
}

export interface DepositStarted {
  deposit: Deposit;
  redirectUrl?: string | null;
  instructions?: BankInstructions | null;
}

export interface BankAccount {
  id: number;
  bankName: string;
  accountName: string;
  /** Masked by the server: "****1234". */
  accountNumber: string;
  createdAt: string;
}

export interface WithdrawalSettings {
  minAmount: string;
  maxAmount: string;
  paymentPasswordRequired: boolean;
  hasPaymentPassword: boolean;
  confirmMinutes: number;
  forcedReceived: boolean;
  mainBalance: string;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'paid' | 'rejected';
export type Confirmation = 'received' | 'not_received' | 'partly_received' | 'auto_received' | 'forced_received';

/** How an operator settled the member's claim; the claim itself stays as the member made it. */
export interface WithdrawalResolution {
  outcome: 'refund' | 'forced_received';
  /** What the house settles as received: the amount less what it paid back. */
  receivedAmount: string;
  refundedAmount: string | null;
  resolvedAt: string | null;
  note: string | null;
}

export interface Withdrawal {
  id: number;
  amount: string;
  bankAccount: Pick<BankAccount, 'id' | 'bankName' | 'accountName' | 'accountNumber'>;
  status: WithdrawalStatus;
  /** What the member said arrived (a claim when money is missing), how much, when, and whether with a proof. */
  confirmation: Confirmation | null;
  receivedAmount: string | null;
  confirmedAt: string | null;
  hasProof: boolean;
  confirmBy: string | null;
  resolution: WithdrawalResolution | null;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}

/** How many recent records the pages list. */
export const RECENT_PAGE_SIZE = 10;

export const fetchChannels = () => getJson<DepositChannels>('/wps/wallet/deposit/channels');

export const startDeposit = (body: { channel: string; amount: string; reference?: string; requestId: string }) =>
  sendJson<DepositStarted>('/wps/wallet/deposits', body);

export function uploadDepositProof(id: number, proof: File): Promise<{ deposit: Deposit }> {
  const body = new FormData();
  body.append('proof', proof, proof.name);
  return request<{ deposit: Deposit }>(`/wps/wallet/deposits/${id}/proof`, { method: 'POST', body });
}

export const fetchDeposits = () => getJson<Page<Deposit>>('/wps/wallet/deposits', { pageNo: 1, pageSize: RECENT_PAGE_SIZE });

export const fetchDeposit = (id: string) => getJson<Deposit>(`/wps/wallet/deposits/${encodeURIComponent(id)}`);

export const fetchWithdrawalSettings = () => getJson<WithdrawalSettings>('/wps/wallet/withdrawal/settings');

export const fetchBankAccounts = () => getJson<{ list: BankAccount[] }>('/wps/wallet/bank-accounts');

export const addBankAccount = (body: { bankName: string; accountName: string; accountNumber: string }) =>
  sendJson<BankAccount>('/wps/wallet/bank-accounts', body);

export const deleteBankAccount = (id: number) => request<unknown>(`/wps/wallet/bank-accounts/${id}`, { method: 'DELETE' });

/** Sets or replaces the payment password; the login password proves the member's say-so ("E" call). */
export const setPaymentPassword = (fields: { password: string; paymentPassword: string; confirmPaymentPassword: string }) =>
  sendEncrypted<unknown>('/wps/member/payment-password', fields);

export const startWithdrawal = (body: { bankAccountId: number; amount: string; paymentPassword?: string; requestId: string }) =>
  sendJson<Withdrawal>('/wps/wallet/withdrawals', body);

export const fetchWithdrawals = () => getJson<Page<Withdrawal>>('/wps/wallet/withdrawals', { pageNo: 1, pageSize: RECENT_PAGE_SIZE });

export type ConfirmationResult = 'received' | 'not_received' | 'partly_received';

export function confirmWithdrawal(id: number, result: ConfirmationResult, receivedAmount?: string, proof?: File | null): Promise<Withdrawal> {
  const body = new FormData();
  body.append('result', result);
  if (receivedAmount !== undefined) body.append('receivedAmount', receivedAmount);
  if (proof) body.append('proof', proof, proof.name);
  return request<Withdrawal>(`/wps/wallet/withdrawals/${id}/confirmation`, { method: 'POST', body });
}
