/**
 * How the sales screens write money, dates and names: money from its exact decimal text
 * (lib/money-text.ts, shared with the customer screens), never through float arithmetic.
 */
import type { CustomerDetailsCustom, Invoice, InvoiceStatus, PaymentMethod } from '@/types/invoice';
import { money, twoDecimals } from '@/lib/money-text';

export { money, twoDecimals };

/** A quantity as it was typed or sold: "2", "1.5", "0.125" (no float rounding). */
export const quantityText = (value: number | string) => String(value);

/** A medium date with a short time, "Mar 5, 2025, 2:30 PM", in the shop's zone when known. */
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

/** Internal-device is shown as Swipe, digital as Stripe. */
const paymentMethodNames: Record<PaymentMethod, string> = { cash: 'Cash', 'internal-device': 'Swipe', digital: 'Stripe', 'store-credit': 'Store credit', 'gift-card': 'Gift card' };

export const paymentMethodName = (method: PaymentMethod | null) => (method ? (paymentMethodNames[method] ?? method) : '—');

/** A part of a payment by its method: a card part is named by what the customer used. */
const tenderNames: Record<PaymentMethod, string> = { cash: 'Cash', 'internal-device': 'Swipe', digital: 'Card', 'store-credit': 'Store credit', 'gift-card': 'Gift card' };

export const tenderName = (method: PaymentMethod) => tenderNames[method] ?? method;

/** A part as receipts and invoices list it: a gift-card part by its card's last 4 ("Gift card ••7788"). */
export function partName(tender: { method: PaymentMethod; card?: string }): string {
  if (tender.method === 'gift-card' && tender.card) return `${tenderName(tender.method)} ••${tender.card.slice(-4)}`;
  return tenderName(tender.method);
}

/** A gift card's number kept short for a button: its first 2 and last 4 ("GC…7788"). */
export const shortCardNumber = (number: string) => (number.length > 8 ? `${number.slice(0, 2)}…${number.slice(-4)}` : number);

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
