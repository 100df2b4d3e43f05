// A report's period: the brand's days from and to, both included, at most MAX_DAYS long (the
// server's limit, a quarter).
export const MAX_DAYS = 92;
export const DEFAULT_DAYS = 30;

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function asDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day it is in ``timeZone`` (an IANA zone, the brand's) at ``at``: YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  // Canada's English writes dates the ISO way.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The last ``days`` days ending ``today`` (YYYY-MM-DD, the brand's day: see dayIn). */
export function lastDays(days: number, today: string): Period {
  const to = Date.parse(`${today}T00:00:00Z`);
  return { from: asDay(new Date(to - (days - 1) * DAY_MS)), to: today };
}

/** The brand's last DEFAULT_DAYS days, ending on its today (UTC's when no brand is chosen). */
export function brandDays(brand: { timeZone: string } | null, at: Date = new Date()): Period {
  return lastDays(DEFAULT_DAYS, dayIn(brand?.timeZone ?? 'UTC', at));
}

/** How many days the period covers (both ends included), or null when a day is not one. */
export function periodDays({ from, to }: Period): number | null {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to)) return null;
  const first = Date.parse(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last)) return null;
  return Math.round((last - first) / DAY_MS) + 1;
}

/** What is wrong with the period (a catalogue key), or null when a report may cover it. */
export function periodProblem(period: Period): string | null {
  const days = periodDays(period);
  if (days === null) return 'tessera.reports.period.invalid';
  if (days < 1) return 'tessera.reports.period.reversed';
  if (days > MAX_DAYS) return 'tessera.reports.period.too_long';
  return null;
}
