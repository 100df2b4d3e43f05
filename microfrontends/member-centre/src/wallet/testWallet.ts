// Fixtures of the member centre's page tests: a real member's session and wallet answers, a page
// rendered for that member, and the set-up the record pages' tests share.
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { writeSession, type WalletBalance } from '@tessera/kit';
import { renderInShell, serve, type Answers, type ServedCall } from '../../../../shell/test/render';

export const SESSION = { token: 'tok', isAgent: 4, username: 'player01' };

export const BALANCE_PATH = '/wps/v2/wallets/balance';

export function balanceOf(mainBalance: string, vendors: Record<string, string> = {}): WalletBalance {
  const names: Record<string, string> = { DEMOTW: 'Demo Transfer', SLOTX: 'Slot X' };
  return {
    sumBalance: mainBalance,
    mainBalance,
    currency: 'BDT',
    currencySymbol: '৳',
    wallets: Object.entries(vendors).map(([vassalage, balance]) => ({ vassalage, displayName: names[vassalage] ?? vassalage, balance })),
  };
}

/** A refusal as the server sends it. */
export function refusal(status: number, code: string, message: string, value: unknown = null): Response {
  return new Response(JSON.stringify({ success: false, code, message, value }), { status });
}

/** The calls made to ``path``. */
export const callsTo = (calls: ServedCall[], path: string) => calls.filter((call) => call.url.pathname === path);

/** The JSON body of a call. */
export const bodyOf = (call: ServedCall | undefined) => JSON.parse(String(call?.init?.body));

/** The query of a call, without the ones every call has. */
export const queryOf = (call: ServedCall | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

/** ``page`` at ``path`` for the logged-in real member, the wallet answering ``balance`` and ``answers`` served. */
export function renderForMember(page: ReactElement, answers: Answers, { balance = balanceOf('20.00'), path = '/' } = {}) {
  writeSession(SESSION);
  const calls = serve({ [BALANCE_PATH]: balance, ...answers });
  return { ...renderInShell(page, { path }), calls };
}

/** The day the record pages' tests run on: their preset days are counted from it. */
export const TODAY = new Date(2026, 10, 23, 12, 0, 0);

/**
 * The set-up of a record page's tests: ``registers`` add the page's texts, the clock stands at
 * ``TODAY``, and no session outlives a test (nor a balance: each test renders with a query client of its own).
 */
export function setUpRecordPageTests(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => {
    vi.useRealTimers();
    writeSession(null);
  });
}
