/**
 * How the customer screens write numbers, money and dates: money from its exact decimal text
 * (lib/money-text.ts, shared with the sales screens), never through float arithmetic.
 */
import type { PaymentMethod } from './api/customers-api';
import { money, twoDecimals } from '../../lib/money-text';

export { money, twoDecimals };

/**
 * Dates use a medium date with a short time, e.g. "Mar 5, 2025, 2:30 PM", in the
 * shop's time zone when known. Split in two so a narrow column can break between them.
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

/** The same as one line of text ("—" for no date). */
export function dateTime(value: number | string, timeZone?: string): string {
  const parts = dateAndTime(value, timeZone);
  return parts ? `${parts.date}, ${parts.time}` : '—';
}

/** Internal-device is shown as Swipe, digital as Stripe. */
const paymentMethodNames: Record<PaymentMethod, string> = { cash: 'Cash', 'internal-device': 'Swipe', digital: 'Stripe' };

export const paymentMethodName = (method: PaymentMethod | null) => (method ? (paymentMethodNames[method] ?? method) : '—');

/** "paid" -> "Paid". */
export const statusName = (status: string) => (status ? status[0]!.toUpperCase() + status.slice(1) : '—');
