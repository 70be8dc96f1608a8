/**
 * A product's stock ledger (docs/api-stock.md, "Reading it"): its rows newest first, a page at a
 * time, each page asked for `before` the last row shown. Quantities are JSON numbers in the
 * product's unit with the server's exact digits, only ever written as text.
 */
import { api } from '@/lib/api-client';
import type { Unit } from '@/lib/core';

export const ledgerFetchFailed = 'Failed to fetch stock moves!';

/** Rows per page of a ledger. */
export const LEDGER_PAGE_SIZE = 50;

/** What wrote a ledger row. */
export type MoveKind = 'opening' | 'sale' | 'refund' | 'correction' | 'adjustment' | 'receiving' | 'count';

/** Why stock was adjusted by hand (an `adjustment` row's `reason`). */
export type AdjustmentReason = 'damaged' | 'expired' | 'theft' | 'correction';

export interface LedgerRow {
  _id: string;
  kind: MoveKind;
  /** An adjustment's reason; null for the other kinds. */
  reason: AdjustmentReason | null;
  /** Signed: below 0 took stock off. */
  change: number | string;
  /** What was on hand after the row. */
  balance: number | string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  refundId: string | null;
  shiftId: string | null;
  userId: string | null;
  userName: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export interface LedgerProduct {
  _id: string;
  productName: string;
  unit: Unit;
  /** What is on hand now. */
  quantity: number | string;
}

export interface LedgerPage {
  product: LedgerProduct;
  rows: LedgerRow[];
  /** More rows are older than the last of these. */
  more: boolean;
}

/** A page of the product's rows: the newest, or those older than the row `before` names. */
export function getProductLedger(productId: string, before: string | null, signal?: AbortSignal): Promise<LedgerPage> {
  const query = new URLSearchParams();
  if (before) query.set('before', before);
  query.set('limit', String(LEDGER_PAGE_SIZE));
  return api.get<LedgerPage>(`/stock/products/${encodeURIComponent(productId)}/moves?${query.toString()}`, {
    fallbackMessage: ledgerFetchFailed,
    signal,
  });
}
