import type { DateRange } from './api';

/** The presets of the record pages (SPEC §9): today, the last 7 days, the last 30 days. */
export const DATE_PRESETS = { today: 1, last7: 7, last30: 30 } as const;
export type DatePreset = keyof typeof DATE_PRESETS;

/** A calendar day as YYYY-MM-DD, in the member's own time zone. */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The ``preset``'s days ending today, both inclusive. */
export function presetRange(preset: DatePreset, today: Date = new Date()): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (DATE_PRESETS[preset] - 1));
  return { startDate: dayOf(start), endDate: dayOf(today) };
}

/** The preset a range is, if any. */
export function presetOf(range: DateRange, today: Date = new Date()): DatePreset | null {
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
