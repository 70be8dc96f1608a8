/**
 * The products at or below their reorder level (docs/api-stock.md, "Low stock"), lowest first,
 * as the server finds them with core's `low_stock`. Needs the `stock_report` grant.
 */
import { api } from '@/lib/api-client';
import type { Unit } from '@/lib/core';

export const lowStockFetchFailed = 'Failed to fetch low stock!';

export interface LowStockProduct {
  _id: string;
  productName: string;
  categoryName: string;
  unit: Unit;
  quantity: number | string;
  reorderLevel: number | string;
  /** The reorder level less the quantity. */
  shortBy: number | string;
}

export interface LowStock {
  products: LowStockProduct[];
  count: number;
}

export const getLowStock = (signal?: AbortSignal) =>
  api.get<LowStock>('/stock/low', { fallbackMessage: lowStockFetchFailed, signal });
