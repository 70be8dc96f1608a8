/**
 * The sales API's answer shapes (docs/api-sales.md): one `Invoice` for carts, open orders, paid,
 * refunded and custom invoices. Every amount and quantity is the core's decimal text ("12.50"):
 * the server sends JSON numbers with at most 2 decimals (3 for a quantity), which
 * `invoiceFromWire` turns into their exact text as an answer arrives; the till keeps, prices
 * and stores them as text, and only the screens' formatting turns them into what is shown.
 * A line is the core's `SaleLine`: the catalogue values it was priced with, under the names
 * core reads, and core's amounts, so the till can price the cart itself (WASM).
 *
 * Here, not in features/sales, because the till's local data (features/offline) stores invoices
 * and must not import the features built on it.
 */
import type { Decimal, SaleLine, Unit } from '@/lib/core';

export type { Decimal, Unit };
export type InvoiceStatus = 'active' | 'saved' | 'paid' | 'refunded' | 'custom';
/** `store-credit`: the customer's credit with the shop (their ledger on the server). */
export type PaymentMethod = 'cash' | 'internal-device' | 'digital' | 'store-credit' | 'gift-card';
export type CardStatus = 'pending' | 'failed' | 'paid' | null;

export type InvoiceLine = SaleLine;

export interface InvoiceCustomer {
  _id: string;
  customerName: string;
  phoneNumber: string;
  /** The customer's current loyalty balance, when the answer includes it. */
  loyalityPoint?: Decimal;
  /** The shop's walk-in customer: the sale earns no points and redeems none. */
  walkIn?: true;
}

export interface CustomerDetailsCustom {
  userName: string;
  phoneNumber: string;
  email: string;
  address: string;
}

export interface Invoice {
  _id: string;
  /** `INV-000042`. */
  invoiceNumber: string;
  /**
   * `R-000042`: its number among the shop's paid sales, given by the server when it is paid
   * (docs/counter.md, "Invoice and receipt numbers"); null or absent until then, and on a sale
   * a till paid offline until it is synced.
   */
  receiptNumber?: string | null;
  status: InvoiceStatus;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  /** When it was last refunded; null (or absent, from a till's local copy) until its first refund. */
  refundedAt?: number | null;
  /** Who made it, as text: their name and role at the time, "Hassan (staff)". */
  staff: string;
  /** That user's `_id`; null once the user was deleted. */
  staffId: string | null;
  customer: InvoiceCustomer | null;
  customerDetailsCustom: CustomerDetailsCustom | null;
  products: InvoiceLine[];
  subTotal: Decimal;
  totalDiscount: Decimal;
  totalTax: Decimal;
  redeemAmount: Decimal;
  totalAmount: Decimal;
  pointsEarned: Decimal;
  refundedAmount: Decimal;
  /** The method that paid the most (the only one when paid by one); null until paid. */
  paymentMethod: PaymentMethod | null;
  /**
   * What each method paid of the sale, in the order handed over, and what went back to it in
   * refunds; [] (or absent, on older answers and local rows) until paid.
   */
  tenders?: InvoiceTender[];
  /** The cash handed over in all; null (or absent) when no cash was. */
  cashReceived?: Decimal | null;
  /** The cash given back. */
  change?: Decimal;
  /** What the shop's cash rounding added to the cash taken (negative: took off). */
  rounding?: Decimal;
  cardStatus: CardStatus;
  /** The client ref (a UUID) the till named it by; every server answer carries it. */
  ref?: string;
  /** The till's device number before the server numbered it (`7F3A-0012`), "" when none. */
  provisionalNumber?: string;
}

/** One part of a sale's payment: what the method paid and what was refunded to it. */
export interface InvoiceTender {
  method: PaymentMethod;
  amount: Decimal;
  refunded: Decimal;
  /** The gift card a `gift-card` part was spent from; absent on every other part. */
  card?: string;
}

/** `POST /payment/card/invoice/{id}`. */
export interface CardSession {
  session: { id: string; url: string };
}

/** Cash handed over for a sale and the change given back, as plain decimal text ("250", "22.35"). */
export interface CashTendered {
  received: string;
  change: string;
}
