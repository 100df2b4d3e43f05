// Amounts as the member types them, checked as the server checks them (wallet contract):
// positive, at most two decimals, within the bounds known here. Compared in minor units, never
// as floats.

/** Digits with an optional decimal part; grouping separators are not accepted. */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** Minor units of a decimal string with at most two places, else null. */
export function toMinor(text: string): bigint | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  if (fraction.length > 2) return null;
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
}

export interface AmountBounds {
  min?: string;
  max?: string;
  /** What the source wallet holds: nothing above it can leave it. */
  balance?: string;
}

/** A problem with an amount: its text key (member centre namespace) and the amount it names. */
export interface AmountProblem {
  key: 'amount_required' | 'amount_invalid' | 'amount_too_precise' | 'amount_positive' | 'amount_below_minimum' | 'amount_above_maximum' | 'amount_above_balance';
  bound?: string;
}

/** The first problem of ``text`` as an amount within ``bounds``, or null. */
export function amountProblem(text: string, bounds: AmountBounds = {}): AmountProblem | null {
  const trimmed = text.trim();
  if (!trimmed) return { key: 'amount_required' };
  if (!DECIMAL.test(trimmed)) return { key: 'amount_invalid' };
  const minor = toMinor(trimmed);
  if (minor === null) return { key: 'amount_too_precise' };
  if (minor <= 0n) return { key: 'amount_positive' };
  const exceeds = (bound: string | undefined, below: boolean) => {
    const limit = bound === undefined ? null : toMinor(bound);
    return limit !== null && (below ? minor < limit : minor > limit);
  };
  if (exceeds(bounds.min, true)) return { key: 'amount_below_minimum', bound: bounds.min };
  if (exceeds(bounds.max, false)) return { key: 'amount_above_maximum', bound: bounds.max };
  if (exceeds(bounds.balance, false)) return { key: 'amount_above_balance', bound: bounds.balance };
  return null;
}

/** Whether a decimal string is above zero. */
export function isPositive(amount: string | undefined): boolean {
  const minor = amount === undefined ? null : toMinor(amount);
  return minor !== null && minor > 0n;
}
