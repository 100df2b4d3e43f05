// Fixtures of the wallet page tests: a real member's session and wallet answers.
import type { WalletBalance } from '@tessera/kit';
import type { ServedCall } from '../../../../shell/test/render';

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
