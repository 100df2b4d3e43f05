import { requestId } from '@tessera/kit';
import type { BetTypeOffer } from './types';

/**
 * The bet slip's arithmetic, as the server counts (outcome.Bet): amounts are decimal strings, counted
 * here in minor units as BigInts so nothing is lost to floats.
 *
 * - by the point (lô, bao lô): the stake is whole points on each number; a line costs points × the
 *   price of a point × its numbers, and each appearance of a number pays points × the payout;
 * - a stake times odds: a line costs the stake on each number (đề, đầu, đuôi, 3 càng) or the stake
 *   once for the whole combination (xiên, lô trượt); a win pays the stake × the odds, rounded down.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** ``amount`` in minor units at ``places``; null when it is not a plain decimal that fits them. */
export function toMinor(amount: string, places: number): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > places) return null;
  return BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
}

/** Minor units back to a decimal string at ``places`` ("1234.50"). */
export function fromMinor(minor: bigint, places: number): string {
  if (places === 0) return minor.toString();
  const scale = 10n ** BigInt(places);
  return `${minor / scale}.${(minor % scale).toString().padStart(places, '0')}`;
}

/** A decimal string as a fraction (numerator, denominator), for odds such as "9.9". */
function ratio(value: string): [bigint, bigint] | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return [BigInt(match[1] + fraction), 10n ** BigInt(fraction.length)];
}

/** One line of the slip: a bet about to be placed. */
export interface SlipLine {
  /** The client's key of the bet: the same on every retry, new when the line changes. */
  requestId: string;
  gameCode: string;
  gameName: string;
  numero: string;
  betType: BetTypeOffer;
  numbers: string[];
  /** Points (point bets) or an amount, as typed. */
  stake: string;
}

export function newLine(fields: Omit<SlipLine, 'requestId'>): SlipLine {
  return { ...fields, requestId: requestId() };
}

/** The line with ``changes``; anything but an unchanged line gets a new request id, since the
 * server would refuse the old one with other fields (request_conflict). */
export function changeLine(line: SlipLine, changes: Partial<Omit<SlipLine, 'requestId'>>): SlipLine {
  const next = { ...line, ...changes };
  const same = (Object.keys(changes) as Array<keyof typeof changes>).every((key) => next[key] === line[key]);
  return same ? line : { ...next, requestId: requestId() };
}

/** Whether the stake is one the bet type takes in form: whole points, or an amount of the money's places. */
export function stakeMinor(line: Pick<SlipLine, 'stake' | 'betType'>, places: number): bigint | null {
  const points = line.betType.costModel === 'point';
  const minor = toMinor(line.stake, points ? 0 : places);
  return minor !== null && minor > 0n ? minor : null;
}

export interface LineFigures {
  /** What the line costs, in minor units. */
  cost: bigint;
  /** What one hit pays (one appearance of one number, or the combination's win), in minor units. */
  perHit: bigint;
  /** What the line pays if each number it can win on comes out once, in minor units. */
  potential: bigint;
}

/** A line's cost and payouts; null while its stake is not a valid one. */
export function lineFigures(line: Pick<SlipLine, 'stake' | 'betType' | 'numbers'>, places: number): LineFigures | null {
  const stake = stakeMinor(line, places);
  if (stake === null) return null;
  const { betType } = line;
  const count = BigInt(line.numbers.length);
  if (betType.costModel === 'point') {
    const price = toMinor(betType.price ?? '', places);
    const payout = toMinor(betType.payout ?? '', places);
    if (price === null || payout === null) return null;
    // Every number of a lô can come out: the line's potential counts each once.
    return { cost: stake * price * count, perHit: stake * payout, potential: stake * payout * count };
  }
  const odds = ratio(betType.odds ?? '');
  if (odds === null) return null;
  const perHit = (stake * odds[0]) / odds[1];
  // Only one number closes the special prize; a combination wins once.
  return { cost: betType.stakedPerNumber ? stake * count : stake, perHit, potential: perHit };
}

/** The slip's total cost and potential payout, in minor units, over its valid lines. */
export function slipTotals(lines: readonly SlipLine[], places: number): { cost: bigint; potential: bigint; valid: boolean } {
  let cost = 0n;
  let potential = 0n;
  let valid = lines.length > 0;
  for (const line of lines) {
    const figures = lineFigures(line, places);
    if (figures === null) {
      valid = false;
      continue;
    }
    cost += figures.cost;
    potential += figures.potential;
  }
  return { cost, potential, valid };
}

/** Whether ``count`` numbers make a bet of this type (exactly, or at least, its count). */
export function takes(betType: Pick<BetTypeOffer, 'count' | 'exact'>, count: number): boolean {
  return betType.exact ? count === betType.count : count >= betType.count;
}

/**
 * The bets a choice of numbers makes: a combination (xiên, lô trượt) is one bet of all of them; any
 * other type is one bet whose numbers each carry the stake.
 */
export function numbersReady(betType: BetTypeOffer, numbers: readonly string[]): boolean {
  return numbers.length > 0 && takes(betType, numbers.length);
}
