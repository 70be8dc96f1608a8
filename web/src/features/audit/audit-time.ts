/** `Nov 27, 2026, 4:05:09 PM` in `timeZone` (the device's own zone when the browser does not know it). */
export function auditTime(at: number, timeZone: string): string {
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) return '—';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(moment);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(moment);
  }
}
