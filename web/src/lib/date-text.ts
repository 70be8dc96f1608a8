/**
 * Writing a date and time in the shop's time zone, split in two so a narrow column can break
 * between them; shared by the customer and the selling screens.
 */

/**
 * A medium date with a short time, e.g. "Mar 5, 2025" and "2:30 PM", in the shop's time zone
 * when known (else the device's); null for a value that is not a date.
 */
export function dateAndTime(value: number | string, timeZone?: string): { date: string; time: string } | null {
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return null;
  const write = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(moment);
    } catch {
      // A time zone this browser does not know: the device's own.
      return new Intl.DateTimeFormat('en-US', options).format(moment);
    }
  };
  return { date: write({ dateStyle: 'medium' }), time: write({ timeStyle: 'short' }) };
}
