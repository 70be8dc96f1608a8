/**
 * What the till's commands ask of the server (docs/api-till-sync.md), as the outbox stores them:
 * typed data naming the invoice or customer and the state carried, not an HTTP request.
 * `tillRequest` turns one into its request when it is sent, so the routes are spelled here once
 * and whatever reads the queue (reconcile, prune, card payments, compaction) reads `invoiceRef`
 * rather than parsing paths.
 */
import type { HttpMethod } from '@/lib/api-client';
import type { CartLine, CashCount, Decimal, MovementKind } from '@/lib/core';

/** A line of an open invoice as the server takes it: every value core prices it with, as text. */
export type TillLineBody = CartLine;

/** `PUT /till/invoices/{ref}`'s body: the open invoice's whole state. */
export interface TillInvoiceBody {
  customerId: string;
  status: 'active' | 'saved';
  provisionalNumber: string;
  createdAt: number;
  redeemAmount: string;
  lines: TillLineBody[];
}

/** `POST /till/invoices/{ref}/payment`'s body. */
export interface TillPaymentBody {
  /**
   * The methods and amounts as handed over, in order (a cash amount is what the customer gave);
   * absent from older queues, which carry `method` instead (the whole total by it, cash exact).
   * A `store-credit` part is taken from the customer's store credit by the server, a
   * `gift-card` part from the gift card it names in `card` (every one of a sale names the same).
   */
  tenders?: { method: 'cash' | 'internal-device' | 'store-credit' | 'gift-card'; amount: Decimal; card?: string }[];
  /** The shop's cash rounding step the till applied ("0": none). */
  cashRounding?: Decimal;
  method?: 'cash' | 'internal-device';
  paidAt: number;
  offline: boolean;
  totalAmount: string;
  invoice: TillInvoiceBody;
  /** The till's shift the sale belongs to (docs/api-shifts.md); absent in older queues. */
  shiftRef?: string;
}

/** `PUT /till/shifts/{ref}`'s body: a shift the cashier opened with a counted float. */
export interface TillShiftOpenBody {
  deviceCode: string;
  openingFloat: Decimal;
  openedAt: number;
  provisionalNumber: string;
}

/** `POST /till/shifts/{ref}/movements`'s body: cash paid into or out of the drawer. */
export interface TillCashMovementBody {
  ref: string;
  kind: MovementKind;
  amount: Decimal;
  reason: string;
  at: number;
}

/** `POST /till/shifts/{ref}/close`'s body: the cash counted, as a total or by denomination. */
export type TillShiftCloseBody = { closedAt: number } & (
  | { countedCash: Decimal }
  | { denominations: { value: Decimal; count: number }[] }
);

/** The close body of a count as core reads it. */
export function closeBodyOf(closedAt: number, counted: CashCount): TillShiftCloseBody {
  if ('total' in counted) return { closedAt, countedCash: String(counted.total) };
  return { closedAt, denominations: counted.denominations.map(({ value, count }) => ({ value: String(value), count: Number(count) })) };
}

/** `POST /till/customers`'s body: the customer under the till's client ref. */
export interface TillCustomerBody {
  ref: string;
  customerName: string;
  phoneNumber: string;
  email?: string;
  address?: string;
}

/** `POST /stock/adjustments`'s body: stock taken off or put right, under the form's `ref`. */
export interface StockAdjustmentBody {
  reason: string;
  note: string;
  ref: string;
  /** Each `change` signed, in the product's unit. */
  lines: { productId: string; change: Decimal }[];
}

/** `POST /stock/receivings`'s body: a delivery, under the form's `ref`. */
export interface StockReceivingBody {
  supplier: string;
  reference: string;
  note: string;
  ref: string;
  lines: { productId: string; quantity: Decimal; unitCost: Decimal }[];
}

/** `PUT /stock/counts/{id}/lines`'s body: what was counted, and when (the server reads the stock of that time). */
export interface StockCountBody {
  lines: { productId: string; counted: Decimal | null }[];
  countedAt: number;
}

/**
 * - `saveInvoice`: the open invoice's whole state, after any change to it (may be left out when
 *   a later command carries the same invoice, outbox-compaction.ts);
 * - `payInvoice`: a cash or swipe payment with the invoice as sold (creates it when absent);
 * - `deleteInvoice`: an open order deleted;
 * - `createCustomer`: a customer added at the till;
 * - `openShift`, `moveCash`, `closeShift`: the till's shift opened, cash paid in or out, the
 *   shift closed with its count;
 * - `adjustStock`, `receiveStock`, `countStock`: stock adjusted, a delivery received, products
 *   counted, on a device that could not reach the server (each lands once by its `ref`, or, for
 *   a count's lines, says the same again);
 * - `request`: a request an earlier version queued that none of these names (kept from the
 *   version 6 upgrade or an old queue file), sent as it was.
 */
export type TillAction =
  | { type: 'saveInvoice'; invoiceRef: string; payload: TillInvoiceBody }
  | { type: 'payInvoice'; invoiceRef: string; payload: TillPaymentBody }
  | { type: 'deleteInvoice'; invoiceRef: string }
  | { type: 'createCustomer'; customerRef: string; payload: TillCustomerBody }
  | { type: 'openShift'; shiftRef: string; payload: TillShiftOpenBody }
  | { type: 'moveCash'; shiftRef: string; payload: TillCashMovementBody }
  | { type: 'closeShift'; shiftRef: string; payload: TillShiftCloseBody }
  | { type: 'adjustStock'; payload: StockAdjustmentBody }
  | { type: 'receiveStock'; payload: StockReceivingBody }
  | { type: 'countStock'; countId: string; payload: StockCountBody }
  | { type: 'request'; method: TillRequest['method']; path: string; body?: unknown };

export interface TillRequest {
  method: Exclude<HttpMethod, 'GET'>;
  /** Under /api/v1. */
  path: string;
  body?: unknown;
}

const segment = encodeURIComponent;
const invoicePath = (ref: string) => `/till/invoices/${segment(ref)}`;
const shiftPath = (ref: string) => `/till/shifts/${segment(ref)}`;

/** The one place an action becomes its HTTP request. */
export function tillRequest(action: TillAction): TillRequest {
  switch (action.type) {
    case 'saveInvoice':
      return { method: 'PUT', path: invoicePath(action.invoiceRef), body: action.payload };
    case 'payInvoice':
      return { method: 'POST', path: `${invoicePath(action.invoiceRef)}/payment`, body: action.payload };
    case 'deleteInvoice':
      return { method: 'POST', path: `${invoicePath(action.invoiceRef)}/delete` };
    case 'createCustomer':
      return { method: 'POST', path: '/till/customers', body: action.payload };
    case 'openShift':
      return { method: 'PUT', path: shiftPath(action.shiftRef), body: action.payload };
    case 'moveCash':
      return { method: 'POST', path: `${shiftPath(action.shiftRef)}/movements`, body: action.payload };
    case 'closeShift':
      return { method: 'POST', path: `${shiftPath(action.shiftRef)}/close`, body: action.payload };
    case 'adjustStock':
      return { method: 'POST', path: '/stock/adjustments', body: action.payload };
    case 'receiveStock':
      return { method: 'POST', path: '/stock/receivings', body: action.payload };
    case 'countStock':
      return { method: 'PUT', path: `/stock/counts/${segment(action.countId)}/lines`, body: action.payload };
    case 'request':
      return { method: action.method, path: action.path, body: action.body };
  }
}

/** The invoice an action is about, or null (a customer, a shift, an old request). */
export const invoiceRefOf = (action: TillAction): string | null => ('invoiceRef' in action ? action.invoiceRef : null);

/** The shift an action opens, moves cash in or closes, or null. */
export const shiftRefOf = (action: TillAction): string | null => ('shiftRef' in action ? action.shiftRef : null);

const TILL_INVOICE_PATH = /^\/till\/invoices\/([^/]+)(\/payment|\/delete)?$/;

/**
 * Earlier versions queued the request itself (method, path, body): the action it was, read once
 * when such a command is upgraded (local-db.ts version 6) or imported from an old queue file.
 */
export function actionOfRequest(request: TillRequest): TillAction {
  const { method, path, body } = request;
  const match = TILL_INVOICE_PATH.exec(path);
  if (match?.[1]) {
    const invoiceRef = decodeURIComponent(match[1]);
    const carried = isObject(body);
    if (!match[2] && method === 'PUT' && carried) return { type: 'saveInvoice', invoiceRef, payload: body as TillInvoiceBody };
    if (match[2] === '/payment' && method === 'POST' && carried) return { type: 'payInvoice', invoiceRef, payload: body as TillPaymentBody };
    if (match[2] === '/delete' && method === 'POST') return { type: 'deleteInvoice', invoiceRef };
  }
  if (path === '/till/customers' && method === 'POST' && isCustomerBody(body)) {
    return { type: 'createCustomer', customerRef: body.ref, payload: body };
  }
  return { type: 'request', method, path, body };
}

const isObject = (body: unknown): body is object => body !== null && typeof body === 'object';

const isCustomerBody = (body: unknown): body is TillCustomerBody => isObject(body) && typeof (body as { ref?: unknown }).ref === 'string';
