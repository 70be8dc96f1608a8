/**
 * How the sales screens write money, dates and names. Amounts arrive as JSON numbers with
 * exact digits (at most 2 decimals) or as the core's decimal strings; they are written from
 * their decimal text, never through float arithmetic.
 *
 * The same rules as features/customers/format.ts (features do not import each other): a
 * candidate for src/lib once both settle.
 */
import type { CustomerDetailsCustom, Invoice, InvoiceStatus, PaymentMethod } from '../types';

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

/** A quantity as it was typed or sold: "2", "1.5", "0.125" (no float rounding). */
export const quantityText = (value: number | string) => String(value);

/** SPEC part 9: a medium date with a short time, "Mar 5, 2025, 2:30 PM", in the shop's zone when known. */
export function dateTime(value: number | string | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined) return '—';
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return '—';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(moment);
  } catch {
    // A time zone this browser does not know: the device's own.
    return new Intl.DateTimeFormat('en-US', options).format(moment);
  }
}

/** SPEC part 3: internal-device is shown as Swipe, digital as Stripe. */
const paymentMethodNames: Record<PaymentMethod, string> = { cash: 'Cash', 'internal-device': 'Swipe', digital: 'Stripe' };

export const paymentMethodName = (method: PaymentMethod | null) => (method ? (paymentMethodNames[method] ?? method) : '—');

const statusNames: Record<InvoiceStatus, string> = {
  active: 'Open',
  saved: 'Open order',
  paid: 'Paid',
  refunded: 'Refunded',
  custom: 'Custom',
};

export const statusName = (status: InvoiceStatus) => statusNames[status] ?? status;

/**
 * A custom invoice's typed-in customer once it has been given (a name is required), else null.
 * The server answers a details object on every custom invoice, with nulls until they are set;
 * the screens take that (or null) as "no customer details yet".
 */
export function customDetailsOf(invoice: Invoice): CustomerDetailsCustom | null {
  const details = invoice.customerDetailsCustom;
  if (!details?.userName) return null;
  return { userName: details.userName, phoneNumber: details.phoneNumber ?? '', email: details.email ?? '', address: details.address ?? '' };
}
