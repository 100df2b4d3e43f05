import { STORAGE_KEYS, dayIn, readBootstrap, readStored } from '@tessera/kit';

/** Today (YYYY-MM-DD) in the brand's time zone: 'hide today' lasts until the brand's midnight. */
export function brandDay(now: Date = new Date()): string {
  return dayIn(now, readBootstrap().brand.timezone || 'UTC');
}

/**
 * Whether the player ticked 'hide today' on the brand's today (SPEC §4). The brand's day is worked
 * out only for a player who ticked it some day: the first date in a time zone costs a slow phone
 * a tenth of a second, on the page's first load.
 */
export function hiddenToday(now: Date = new Date()): boolean {
  const ticked = readStored(STORAGE_KEYS.hideAnnounceDate);
  return ticked !== null && ticked === brandDay(now);
}
