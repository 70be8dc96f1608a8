/**
 * The sales API's answer shapes (docs/api-sales.md): one `Invoice` for carts, open orders, paid,
 * refunded and custom invoices. Money arrives as JSON numbers with at most 2 decimals; the
 * screens show them through the WASM core's formatting and never do arithmetic on them.
 * A line carries the catalogue values it was priced with under the core's `CartLineInput`
 * names, so the till can price the cart itself (WASM) and show what the server charges.
 *
 * Here, not in features/sales, because the till's local data (features/offline) stores invoices
 * and must not import the features built on it.
 */
export type InvoiceStatus = 'active' | 'saved' | 'paid' | 'refunded' | 'custom';
export type PaymentMethod = 'cash' | 'internal-device' | 'digital';
export type CardStatus = 'pending' | 'failed' | 'paid' | null;
export type Unit = 'no' | 'kg' | 'lt' | 'm';

export interface InvoiceLine {
  _id: string;
  productId: string;
  productName: string;
  unit: Unit;
  customProduct: boolean;
  quantity: number;
  sellingPrice: number;
  costPrice: number;
  costPriceProfit: number;
  /** The product's discount: a percentage or a flat amount per unit (`discountType`). */
  discount: number;
  discountType: 'percentage' | 'flat';
  categoryDiscountRate: number;
  productTax: number;
  loyaltyRate: number;
  /** Unit price. */
  price: number;
  gross: number;
  /** The line's discount in money. */
  discountAmount: number;
  tax: number;
  total: number;
  pointsEarned: number;
  refundedQuantity: number;
}

export interface InvoiceCustomer {
  _id: string;
  customerName: string;
  phoneNumber: string;
  /** The customer's current loyalty balance, when the answer includes it. */
  loyalityPoint?: number;
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
  subTotal: number;
  totalDiscount: number;
  totalTax: number;
  redeemAmount: number;
  totalAmount: number;
  pointsEarned: number;
  refundedAmount: number;
  paymentMethod: PaymentMethod | null;
  cardStatus: CardStatus;
  /** The client ref (a UUID) the till named it by; every server answer carries it. */
  ref?: string;
  /** The till's device number before the server numbered it (`7F3A-0012`), "" when none. */
  provisionalNumber?: string;
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
