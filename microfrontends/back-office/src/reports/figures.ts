// The reports' figures as the API gives them: amounts are exact decimal strings in the brand's
// currency, shown grouped but never through a float.

export interface PnlFigures {
  deposits: string;
  withdrawals: string;
  bets: string;
  wins: string;
  bonuses: string;
  ggr: string;
  ngr: string;
}

export interface PnlTotals extends PnlFigures {
  rounds: number;
  activeMembers: number;
  newMembers: number;
}

export interface PnlDay extends PnlTotals {
  day: string;
}

export const AMOUNTS = ['deposits', 'withdrawals', 'bets', 'wins', 'bonuses', 'ggr', 'ngr'] as const;
export const COUNTS = ['rounds', 'activeMembers', 'newMembers'] as const;

/** ``1234567.50`` as ``1,234,567.50``: the digits the API gave, grouped by thousands. */
export function amount(text: string | null | undefined): string {
  if (text === null || text === undefined || text === '') return '—';
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}
