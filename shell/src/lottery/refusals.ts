import type { TFunction } from 'i18next';
import type { Refusal } from './placing';

/** Every refusal the contract names for a bet, each with its own text under ``refusal.<code>``. */
export const REFUSAL_CODES = [
  'draw_locked',
  'draw_closed',
  'draw_unknown',
  'stake_invalid',
  'stake_below_min',
  'stake_above_max',
  'number_limit_reached',
  'insufficient_funds',
  'request_conflict',
  'number_invalid',
  'number_repeated',
  'number_too_long',
  'numbers_missing',
  'too_many_numbers',
  'range_reversed',
  'wrong_count_for_bet_type',
  'bet_type_unknown',
  'bet_type_not_in_region',
  'game_unknown',
  'network_abnormal',
] as const;

/** The room left per number of a number_limit_reached refusal ({"12": "5"}). */
export function roomOf(value: unknown): Record<string, string> {
  const room = (value as { room?: unknown } | null)?.room;
  if (!room || typeof room !== 'object') return {};
  return Object.fromEntries(Object.entries(room).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A refusal in the member's words: the lottery's own text for a known code, else the server's message. */
export function refusalText(t: TFunction, refusal: Refusal): string {
  if ((REFUSAL_CODES as readonly string[]).includes(refusal.code)) {
    const room = Object.entries(roomOf(refusal.value))
      .map(([number, left]) => `${number}: ${left}`)
      .join(', ');
    return t(`refusal.${refusal.code}`, { ns: 'lottery', room });
  }
  return refusal.message || t('refusal.other', { ns: 'lottery' });
}
