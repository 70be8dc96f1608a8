/**
 * The stock reports (docs/api-stock.md, "Reports"; the `stock_report` grant): the value of the
 * stock on hand, at cost and at retail, in all or per category; every product's ledger rows
 * between two days, a page at a time; and the addresses of both as CSV, which the browser
 * downloads itself (a file, not an envelope).
 */
import { api, apiUrl } from '@/lib/api-client';
import type { Unit } from '@/lib/core';
import type { LedgerRow, MoveKind } from './ledger-api';

export const stockValueFetchFailed = 'Failed to fetch stock value!';
export const stockMovesFetchFailed = 'Failed to fetch stock movements!';

/** Rows per page of the movements. */
export const STOCK_MOVES_PAGE_SIZE = 50;

export interface CategoryStockValue {
  categoryId: string;
  categoryName: string;
  products: number;
  costValue: number | string;
  retailValue: number | string;
}

export interface StockValue {
  products: number;
  costValue: number | string;
  retailValue: number | string;
  /** Products with less than nothing on hand: counted apart and valued at 0. */
  belowZero: number;
  categories: CategoryStockValue[];
}

/** A ledger row of the movements report, naming its product. */
/** A row of the movements of every product: a ledger row without a balance (one product's running sum). */
export interface StockMoveRow extends Omit<LedgerRow, 'balance'> {
  productId: string;
  productName: string;
  unit: Unit;
}

export interface StockMovesPage {
  rows: StockMoveRow[];
  more: boolean;
}

/** What the movements are narrowed by; blank values are left out. `from` and `to` are days ("2026-11-28"). */
export interface StockMoveFilters {
  from: string;
  to: string;
  productId: string;
  kind: MoveKind | '';
}

export const noMoveFilters: StockMoveFilters = { from: '', to: '', productId: '', kind: '' };

function queryOf(values: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value.trim()) query.set(name, value.trim());
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

const valueQuery = (categoryId: string) => queryOf({ categoryId });
const movesQuery = ({ from, to, productId, kind }: StockMoveFilters) => queryOf({ from, to, productId, kind });

/** The stock's value, of one category when `categoryId` is given. */
export const getStockValue = (categoryId: string, signal?: AbortSignal) =>
  api.get<StockValue>(`/stock/value${valueQuery(categoryId)}`, { fallbackMessage: stockValueFetchFailed, signal });

/** A page of the movements `filters` choose: the newest, or those older than the row `before` names. */
export function getStockMoves(filters: StockMoveFilters, before: string | null, signal?: AbortSignal): Promise<StockMovesPage> {
  const query = movesQuery(filters);
  const paging = new URLSearchParams();
  if (before) paging.set('before', before);
  paging.set('limit', String(STOCK_MOVES_PAGE_SIZE));
  return api.get<StockMovesPage>(`/stock/moves${query ? `${query}&` : '?'}${paging.toString()}`, {
    fallbackMessage: stockMovesFetchFailed,
    signal,
  });
}

/** Where the stock value's CSV, for the same category, is downloaded from. */
export const stockValueCsvUrl = (categoryId: string) => apiUrl(`/stock/value.csv${valueQuery(categoryId)}`);

/** Where the CSV of the movements `filters` choose is downloaded from. */
export const stockMovesCsvUrl = (filters: StockMoveFilters) => apiUrl(`/stock/moves.csv${movesQuery(filters)}`);
