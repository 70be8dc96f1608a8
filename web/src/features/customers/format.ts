/**
 * How the customer screens write numbers, money and dates: money from its exact decimal text
 * (lib/money-text.ts, shared with the sales screens, as lib/date-text.ts is), never through
 * float arithmetic.
 */
import type { PaymentMethod } from './api/customers-api';
import { dateAndTime } from '@/lib/date-text';
import { money, twoDecimals } from '@/lib/money-text';

export { dateAndTime, money, twoDecimals };

/** The same as one line of text ("—" for no date). */
export function dateTime(value: number | string, timeZone?: string): string {
  const parts = dateAndTime(value, timeZone);
  return parts ? `${parts.date}, ${parts.time}` : '—';
}

/** Internal-device is shown as Swipe, digital as Stripe. */
const paymentMethodNames: Record<PaymentMethod, string> = { cash: 'Cash', 'internal-device': 'Swipe', digital: 'Stripe', 'store-credit': 'Store credit', 'gift-card': 'Gift card' };

export const paymentMethodName = (method: PaymentMethod | null) => (method ? (paymentMethodNames[method] ?? method) : '—');

/** "paid" -> "Paid". */
export const statusName = (status: string) => (status ? status[0]!.toUpperCase() + status.slice(1) : '—');
