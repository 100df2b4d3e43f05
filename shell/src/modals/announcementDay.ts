import { STORAGE_KEYS, dayIn, readBootstrap, readStored } from '@tessera/kit';

/** Today (YYYY-MM-DD) in the brand's time zone: 'hide today' lasts until the brand's midnight. */
export function brandDay(now: Date = new Date()): string {
  return dayIn(now, readBootstrap().brand.timezone || 'UTC');
}

/** Whether the player ticked 'hide today' on the brand's today (SPEC §4). */
export function hiddenToday(now: Date = new Date()): boolean {
  return readStored(STORAGE_KEYS.hideAnnounceDate) === brandDay(now);
}
