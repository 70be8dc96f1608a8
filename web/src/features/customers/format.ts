/**
 * How the customer screens write numbers, money and dates. Amounts arrive as JSON numbers with
 * exact digits (at most 2 decimals); they are written from their decimal text, never through
 * float arithmetic, so 0.1 + 0.2 never shows up as 0.30000000000000004 or rounds differently.
 */
import type { PaymentMethod } from './api/customers-api';

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** "1234.5" or 1234.5 -> "1,234.50": grouped thousands, exactly 2 decimals (half up beyond). */
export function twoDecimals(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  // Exponent notation (beyond 1e21) or not a number: nothing sensible to round by hand.
  if (!match) return Number.isFinite(Number(text)) ? Number(text).toFixed(2) : text;
  const [, sign, whole, fraction = ''] = match;
  let cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && cents !== 0n;
  return `${negative ? '-' : ''}${grouped}.${digits.slice(-2)}`;
}

/** An amount in the shop's currency, e.g. "MVR 1,234.50" (the code left out while unknown). */
export const money = (value: number | string, currencyCode: string) =>
  currencyCode ? `${currencyCode} ${twoDecimals(value)}` : twoDecimals(value);

/**
 * SPEC part 9: dates use a medium date with a short time, e.g. "Mar 5, 2025, 2:30 PM", in the
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

/** SPEC part 3: internal-device is shown as Swipe, digital as Stripe. */
const paymentMethodNames: Record<PaymentMethod, string> = { cash: 'Cash', 'internal-device': 'Swipe', digital: 'Stripe' };

export const paymentMethodName = (method: PaymentMethod | null) => (method ? (paymentMethodNames[method] ?? method) : '—');

/** "paid" -> "Paid". */
export const statusName = (status: string) => (status ? status[0]!.toUpperCase() + status.slice(1) : '—');
