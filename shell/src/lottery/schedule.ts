import type { LotteryGame } from './types';

/** The longest wait between two loads of the lottery's menus (SPEC §9). */
export const LONGEST_REFRESH_MS = 30_000;
/** The wait when a game has no draw open, or its draw has just locked (SPEC §9). */
export const CLOSED_REFRESH_MS = 7_000;

/**
 * When to load the menus again (SPEC §9): after the smallest remainTime, at most 30 s; 7 s when that
 * smallest is 0 or less (a game waiting for its next draw to show).
 */
export function refreshDelay(games: readonly Pick<LotteryGame, 'remainTime'>[]): number {
  if (games.length === 0) return LONGEST_REFRESH_MS;
  const smallest = Math.min(...games.map((game) => game.remainTime));
  return smallest <= 0 ? CLOSED_REFRESH_MS : Math.min(smallest, LONGEST_REFRESH_MS);
}

/** SPEC weekdays: 1 is Sunday, 7 Saturday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The draw weekdays of a game ("2,5" → [2, 5]). */
export function drawDays(game: Pick<LotteryGame, 'drawDayOfWeek'>): number[] {
  return game.drawDayOfWeek
    .split(',')
    .map((day) => Number(day.trim()))
    .filter((day) => Number.isInteger(day) && day >= 1 && day <= 7);
}

/** The games drawing on ``weekday`` (1–7, Sunday 1); every game when it is null. */
export function drawingOn<T extends Pick<LotteryGame, 'drawDayOfWeek'>>(games: readonly T[], weekday: number | null): T[] {
  return weekday === null ? [...games] : games.filter((game) => drawDays(game).includes(weekday));
}

/** The SPEC weekday of an instant in ``zone`` (Sunday 1). */
export function weekdayOf(instant: Date, zone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: zone }).format(instant);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name) + 1;
}

/**
 * The moment a game's draw locks on this page's clock: when the menu was answered plus its
 * remainTime, so a browser clock set wrong counts down right. Null when no draw is open.
 */
export function lockDeadline(game: Pick<LotteryGame, 'numero' | 'remainTime'>, answeredAt: number): number | null {
  return game.numero && game.remainTime > 0 ? answeredAt + game.remainTime : null;
}

/** "1:02:03" or "02:03" for the milliseconds left (whole seconds, rounded up, never below 0). */
export function countdownText(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
