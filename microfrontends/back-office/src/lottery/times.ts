// A moment as the brand reads it: its date and time in the brand's time zone (YYYY-MM-DD HH:MM),
// the same on every screen whatever the browser's zone.
export function brandTime(moment: string | null | undefined, timeZone = 'UTC'): string {
  if (!moment) return '—';
  const at = new Date(moment);
  if (Number.isNaN(at.getTime())) return moment;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
