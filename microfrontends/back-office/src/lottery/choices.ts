// The lottery's words as the back-office calls name them: a draw's states, the regions, the SPEC's
// weekdays (Sunday 1 … Saturday 7) and the bet types of platform/tessera/lottery/bet_types.py.
import { REGIONS } from './formats';

export const DRAW_STATES = ['open', 'drawn', 'cancelled'] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const BET_TYPES = [
  'lo_2',
  'lo_3',
  'bao_lo_2',
  'bao_lo_3',
  'bao_lo_4',
  'de',
  'dau',
  'duoi',
  'ba_cang',
  'xien_2',
  'xien_3',
  'xien_4',
  'lo_truot_4',
  'lo_truot_8',
  'lo_truot_10',
] as const;

export const drawStateChoices = DRAW_STATES.map((id) => ({ id, name: `tessera.lottery.state.${id}` }));
export const regionChoices = REGIONS.map((id) => ({ id, name: `tessera.lottery.region.${id}` }));
export const weekdayChoices = WEEKDAYS.map((id) => ({ id, name: `tessera.lottery.weekday.${id}` }));
export const betTypeChoices = BET_TYPES.map((id) => ({ id, name: `tessera.lottery.bet_type.${id}` }));

/** A bet type's name, or its code when the catalogue has none. */
export function betTypeName(translate: (key: string, options?: object) => string, code: string): string {
  return translate(`tessera.lottery.bet_type.${code}`, { _: code });
}
