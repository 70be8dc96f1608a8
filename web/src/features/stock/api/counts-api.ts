/**
 * Stock counts (docs/api-stock.md, "Counts"): one open per shop at a time, of every product or
 * of one category; what was counted is recorded a line at a time as it is scanned and typed, and
 * the server answers the whole count with its differences and their value at cost.
 */
import { api } from '@/lib/api-client';
import type { Unit } from '@/lib/core';

export const countsFetchFailed = 'Failed to fetch counts!';
export const countFetchFailed = 'Failed to fetch count!';
export const countStartFailed = 'Failed to start count!';
export const countRecordFailed = 'Failed to record count!';
export const countPostFailed = 'Failed to post count!';
export const countCancelFailed = 'Failed to cancel count!';

export const COUNTS_PAGE_SIZE = 50;

export type CountStatus = 'open' | 'posted' | 'cancelled';

/** A product in the count; `counted`, `difference` and `costValue` are null until counted. */
export interface CountLine {
  productId: string;
  productName: string;
  barcode: string | null;
  unit: Unit;
  expected: number;
  counted: number | null;
  difference: number | null;
  costValue: number | null;
  unitCost: number;
}

/** Short is 0 or below, over 0 or above, net their sum, all at cost. */
export interface CountSummary {
  linesCounted: number;
  linesDifferent: number;
  shortCostValue: number;
  overCostValue: number;
  netCostValue: number;
}

export interface StockCount {
  _id: string;
  status: CountStatus;
  categoryId: string | null;
  categoryName: string | null;
  note: string;
  startedAt: number;
  startedBy: string;
  closedAt: number | null;
  closedBy: string | null;
  lines: CountLine[];
  summary: CountSummary;
}

/** A count in the list: `lines` and `counted` are how many products it has and has counted. */
export interface CountListRow {
  _id: string;
  status: CountStatus;
  categoryId: string | null;
  categoryName: string | null;
  startedAt: number;
  startedBy: string;
  closedAt: number | null;
  closedBy: string | null;
  lines: number;
  counted: number;
}

export interface CountsPage {
  rows: CountListRow[];
  more: boolean;
}

export interface CountStart {
  /** null counts every product. */
  categoryId: string | null;
  note: string;
  ref: string;
}

/** What was counted of a product, as typed; null clears it. */
export interface CountedEntry {
  productId: string;
  counted: string | null;
}

const countPath = (id: string) => `/stock/counts/${encodeURIComponent(id)}`;

export function listCounts(before: string | null, signal?: AbortSignal): Promise<CountsPage> {
  const query = new URLSearchParams({ limit: String(COUNTS_PAGE_SIZE) });
  if (before) query.set('before', before);
  return api.get<CountsPage>(`/stock/counts?${query.toString()}`, { fallbackMessage: countsFetchFailed, signal });
}

export const startCount = (start: CountStart) => api.post<StockCount>('/stock/counts', start, { fallbackMessage: countStartFailed });

export const getCount = (id: string, signal?: AbortSignal) => api.get<StockCount>(countPath(id), { fallbackMessage: countFetchFailed, signal });

export const recordCounted = (id: string, lines: CountedEntry[]) =>
  api.put<StockCount>(`${countPath(id)}/lines`, { lines }, { fallbackMessage: countRecordFailed });

export const postCount = (id: string) => api.post<StockCount>(`${countPath(id)}/post`, undefined, { fallbackMessage: countPostFailed });

export const cancelCount = (id: string) =>
  api.post<StockCount>(`${countPath(id)}/cancel`, undefined, { fallbackMessage: countCancelFailed });
