/**
 * The times the sync status shows, in the shop's time zone (the till's clock may be set to
 * anything; the shop's day is what the cashier thinks in): "12:04" today, "Mar 5, 12:04" before.
 */

/** A time of the shop's day, with the date when it is not `now`'s day. */
export function shopTime(at: number, timeZone: string | undefined, now: number): string {
  const sameDay = dayOf(at, timeZone) === dayOf(now, timeZone);
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return format(at, options, timeZone);
}

/** "Synced 12:04", or "Not synced yet" before the first exchange with the server. */
export function lastSyncText(lastSyncAt: number | null, timeZone: string | undefined, now: number): string {
  return lastSyncAt === null ? 'Not synced yet' : `Synced ${shopTime(lastSyncAt, timeZone, now)}`;
}

function dayOf(at: number, timeZone: string | undefined): string {
  return format(at, { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
}

function format(at: number, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(at);
  } catch {
    // A zone this browser does not know: the device's own.
    return new Intl.DateTimeFormat('en-US', options).format(at);
  }
}
