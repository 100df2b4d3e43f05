import { dateZone, dayIn, dayOf } from '@tessera/kit';
import type { DateRange } from './api';

/** The presets of the record pages: today, the last 7 days, the last 30 days. */
export const DATE_PRESETS = { today: 1, last7: 7, last30: 30 } as const;
export type DatePreset = keyof typeof DATE_PRESETS;

/**
 * Today in the zone the member's days are counted in (the brand's, or the member's own when the
 * brand says so), as midnight of that day in the browser's: a member elsewhere (or past the
 * brand's midnight) still sees today's records under today.
 */
export function brandToday(now: Date = new Date(), zone: string = dateZone()): Date {
  const [year, month, day] = dayIn(now, zone).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The ``preset``'s days ending today, both inclusive. */
export function presetRange(preset: DatePreset, today: Date = brandToday()): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (DATE_PRESETS[preset] - 1));
  return { startDate: dayOf(start), endDate: dayOf(today) };
}

/** The preset a range is, if any. */
export function presetOf(range: DateRange, today: Date = brandToday()): DatePreset | null {
  const presets = Object.keys(DATE_PRESETS) as DatePreset[];
  return presets.find((preset) => {
    const days = presetRange(preset, today);
    return days.startDate === range.startDate && days.endDate === range.endDate;
  }) ?? null;
}

/** Whether both days are given, and the start is not after the end (YYYY-MM-DD sorts as text). */
export function isValidRange(range: DateRange): boolean {
  return Boolean(range.startDate && range.endDate && range.startDate <= range.endDate);
}

/** The steps of SPEC §9: a window can move to the previous or the next 7 and 30 days. */
export const DATE_STEPS = [7, 30] as const;
export type DateStep = (typeof DATE_STEPS)[number];
export type StepDirection = 'previous' | 'next';

/** A YYYY-MM-DD day moved by ``days`` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayOf(new Date(year, month - 1, date + days));
}

/**
 * The ``days`` days just before the range's start, or just after its end. The next days never
 * reach past today: when they would, they are the last ``days`` days instead.
 */
export function stepRange(range: DateRange, direction: StepDirection, days: DateStep, today: Date = brandToday()): DateRange {
  if (direction === 'previous') {
    const endDate = addDays(range.startDate, -1);
    return { startDate: addDays(endDate, -(days - 1)), endDate };
  }
  const last = dayOf(today);
  const endDate = addDays(range.endDate, days);
  if (endDate > last) return { startDate: addDays(last, -(days - 1)), endDate: last };
  return { startDate: addDays(range.endDate, 1), endDate };
}

/** Whether a range can step that way: it must be valid, and only a range ending before today moves on. */
export function canStep(range: DateRange, direction: StepDirection, today: Date = brandToday()): boolean {
  return isValidRange(range) && (direction === 'previous' || range.endDate < dayOf(today));
}
