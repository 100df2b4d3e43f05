import { dateZone, formatDay } from '@tessera/kit';

/**
 * A server date (ISO 8601) as the day it falls on in the zone the member's dates are shown in (the
 * brand's, unless the brand says the member's), naming that zone, in the page's language; the
 * text as sent when it is not a date.
 */
export function formatDate(value: string, language: string, zone: string = dateZone()): string {
  return formatDay(value, language, zone);
}
