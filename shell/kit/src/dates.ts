import { readBootstrap, type Brand } from './bootstrap';
import { dateTimeFormat } from './intl';

/** A calendar day as YYYY-MM-DD, of a date's local fields (a date input's value). */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The browser's own IANA time zone (UTC when it cannot tell). */
export function browserZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The zone the member's dates are counted and shown in: the brand's (tenant.toml `timezone`),
 * or the member's own browser zone when the brand says so (`date_zone = "member"`).
 */
export function dateZone(brand: Pick<Brand, 'timezone' | 'dateZone'> = readBootstrap().brand): string {
  return brand.dateZone === 'member' ? browserZone() : brand.timezone || 'UTC';
}

function partsIn(instant: Date, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[] {
  return dateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', ...options }).formatToParts(instant);
}

/** The calendar day (YYYY-MM-DD) a moment falls on in ``zone``. */
export function dayIn(instant: Date, zone: string): string {
  const parts = partsIn(instant, zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Minutes ``zone`` is ahead of UTC at a moment (-480 in Los Angeles' winter, 360 in Dhaka). */
export function offsetMinutes(instant: Date, zone: string): number {
  const parts = partsIn(instant, zone, {
    year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((found) => found.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
  return Math.round((asUtc - (instant.getTime() - instant.getMilliseconds())) / 60000);
}

/** An offset in minutes as ISO 8601 writes it: +06:00, -08:00, +00:00. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The moment a wall-clock time of a day (YYYY-MM-DD) is in ``zone`` (the later one when a clock change repeats it). */
function wallClock(day: string, zone: string, hours: number, minutes: number, seconds: number, millis: number): Date {
  const [year, month, date] = day.split('-').map(Number);
  const asUtc = Date.UTC(year, month - 1, date, hours, minutes, seconds, millis);
  // Two passes settle the offset of that wall-clock time, even next to a clock change.
  let guess = asUtc - offsetMinutes(new Date(asUtc), zone) * 60000;
  guess = asUtc - offsetMinutes(new Date(guess), zone) * 60000;
  return new Date(guess);
}

/** A moment as an ISO 8601 date-time in ``zone``'s wall clock with its offset, e.g. 2026-11-26T00:00:00.000+06:00. */
export function isoIn(instant: Date, zone: string): string {
  const offset = offsetMinutes(instant, zone);
  const shifted = new Date(instant.getTime() + offset * 60000).toISOString().slice(0, 23);
  return `${shifted}${offsetText(offset)}`;
}

/** The first moment of a day (YYYY-MM-DD) in ``zone``, with its offset. */
export function startOfDay(day: string, zone: string): string {
  return isoIn(wallClock(day, zone, 0, 0, 0, 0), zone);
}

/** The last moment (to the millisecond) of a day (YYYY-MM-DD) in ``zone``, with its offset. */
export function endOfDay(day: string, zone: string): string {
  return isoIn(wallClock(day, zone, 23, 59, 59, 999), zone);
}

/**
 * The days a member picked (YYYY-MM-DD, both included) as the record calls take them: the first
 * and last moments of those days in ``zone``, each with its offset, so the server reads them as
 * meant whatever zone the browser is in. A day not given stays empty.
 */
export function zonedRange(range: { startDate: string; endDate: string }, zone: string = dateZone()): { startDate: string; endDate: string } {
  return {
    startDate: range.startDate ? startOfDay(range.startDate, zone) : '',
    endDate: range.endDate ? endOfDay(range.endDate, zone) : '',
  };
}

/** The short name of ``zone`` in ``language`` at a moment, e.g. "GMT+6" (what every shown date adds). */
export function zoneLabel(zone: string, language: string, instant: Date = new Date()): string {
  try {
    const part = dateTimeFormat(language, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((found) => found.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

function formatted(value: string, language: string, zone: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return dateTimeFormat(language, { timeZone: zone, timeZoneName: 'short', ...options }).format(date);
  } catch {
    return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
}

/** A server time (ISO 8601) as a date and time in ``zone``, naming the zone: "Nov 26, 2026, 14:05 GMT+6". */
export function formatDateTime(value: string, language: string, zone: string = dateZone()): string {
  return formatted(value, language, zone, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A server time (ISO 8601) as the day it falls on in ``zone``, naming the zone: "Nov 26, 2026, GMT+6". */
export function formatDay(value: string, language: string, zone: string = dateZone()): string {
  return formatted(value, language, zone, { year: 'numeric', month: 'short', day: 'numeric' });
}
