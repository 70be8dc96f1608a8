/**
 * The back office's shifts as `GET /shifts` and `GET /shifts/{id}` answer them
 * (docs/api-shifts.md). Money is a JSON number with exact digits: written through
 * lib/money-text, never added up here.
 */

/** A shift as listed (`Shift`). */
export interface Shift {
  _id: string;
  ref: string;
  /** "SH-000042". */
  number: string;
  /** The till's 4 hex digits; "" for the shop's web till. */
  deviceCode: string;
  provisionalNumber: string;
  status: 'open' | 'closed';
  autoOpened: boolean;
  openedById: string | null;
  openedBy: string;
  /** Unix milliseconds. */
  openedAt: number;
  openingFloat: number | string;
  closedById: string | null;
  closedBy: string;
  closedAt: number | null;
  countedCash: number | string | null;
  denominations: { value: number | string; count: number }[] | null;
}

export interface ShiftMovement {
  _id: string;
  kind: 'payIn' | 'payOut';
  amount: number | string;
  reason: string;
  by: string;
  at: number;
}

/** A part of a sale's payment or of a refund: what that method paid or gave back. */
export interface ShiftTender {
  method: string;
  amount: number | string;
}

export interface ShiftSaleFigures {
  _id: string;
  invoiceNumber: string;
  status: string;
  /** The method that paid the most (the only one when paid by one). */
  paymentMethod: string | null;
  /** What each method paid, in order; [] or absent from an older server (then `paymentMethod` paid it all). */
  tenders?: ShiftTender[];
  /** What the shop's cash rounding added to the sale's cash (negative: took off); absent: 0. */
  rounding?: number | string;
  subTotal: number | string;
  totalDiscount: number | string;
  totalTax: number | string;
  redeemAmount: number | string;
  totalAmount: number | string;
  paidAt: number | null;
}

export interface ShiftRefundFigures {
  _id: string;
  invoiceId: string;
  paymentMethod: string | null;
  /** What went back to each method; [] or absent when it all went back by `paymentMethod`. */
  tenders?: ShiftTender[];
  amount: number | string;
  at: number;
}

/** `GET /shifts/{id}`: the raw figures the report is computed from. */
export interface ShiftDetail {
  shift: Shift;
  movements: ShiftMovement[];
  sales: ShiftSaleFigures[];
  refunds: ShiftRefundFigures[];
}

/** What `GET /shifts` and the CSV are narrowed by; blank values are left out. */
export interface ShiftFilters {
  device: string;
  status: '' | 'open' | 'closed';
  from: string;
  to: string;
  /** A person's `_id`: shifts they opened or closed. */
  user: string;
}

export const noFilters: ShiftFilters = { device: '', status: '', from: '', to: '', user: '' };
