// Amounts as the member types them, checked as the server checks them (wallet contract):
// positive, a multiple of the brand's step (at most the currency's decimal places), within the
// bounds known here. Compared in minor units, never as floats.
import { readBootstrap } from '@tessera/kit';

/** Digits with an optional decimal part; grouping separators are not accepted. */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** The brand's money as amounts are typed in it: the currency's places and the brand's step. */
export interface AmountMoney {
  places: number;
  /** The smallest amount the brand moves, a decimal string ("0.01", "1", "1000"). */
  step: string;
}

/** The brand's, from the page's bootstrap. */
export function brandAmountMoney(): AmountMoney {
  const { currencyPlaces, moneyStep } = readBootstrap().brand;
  return { places: currencyPlaces, step: moneyStep };
}

/** Minor units of a decimal string with at most ``places`` places, else null. */
export function toMinor(text: string, places: number = brandAmountMoney().places): bigint | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  if (fraction.replace(/0+$/, '').length > places) return null;
  return BigInt(whole || '0') * 10n ** BigInt(places) + BigInt(fraction.slice(0, places).padEnd(places, '0') || '0');
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
  /** The brand's step, for amount_too_precise. */
  step?: string;
}

/** The first problem of ``text`` as an amount within ``bounds``, or null. */
export function amountProblem(text: string, bounds: AmountBounds = {}, money: AmountMoney = brandAmountMoney()): AmountProblem | null {
  const trimmed = text.trim();
  if (!trimmed) return { key: 'amount_required' };
  if (!DECIMAL.test(trimmed)) return { key: 'amount_invalid' };
  const minor = toMinor(trimmed, money.places);
  const step = toMinor(money.step, money.places) || 1n;
  if (minor === null || minor % step !== 0n) return { key: 'amount_too_precise', step: money.step };
  if (minor <= 0n) return { key: 'amount_positive' };
  const exceeds = (bound: string | undefined, below: boolean) => {
    const limit = bound === undefined ? null : toMinor(bound, money.places);
    return limit !== null && (below ? minor < limit : minor > limit);
  };
  if (exceeds(bounds.min, true)) return { key: 'amount_below_minimum', bound: bounds.min };
  if (exceeds(bounds.max, false)) return { key: 'amount_above_maximum', bound: bounds.max };
  if (exceeds(bounds.balance, false)) return { key: 'amount_above_balance', bound: bounds.balance };
  return null;
}

/** Whether a decimal string is above zero. */
export function isPositive(amount: string | undefined, places: number = brandAmountMoney().places): boolean {
  const minor = amount === undefined ? null : toMinor(amount, places);
  return minor !== null && minor > 0n;
}
