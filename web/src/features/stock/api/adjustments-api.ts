/**
 * Stock adjusted by hand (docs/api-stock.md, "Adjustments"): goods taken off as damaged, expired
 * or stolen, or a mistake put right, for several products under one reason, all or none.
 */
import { api } from '@/lib/api-client';
import type { Unit } from '@/lib/core';
import type { AdjustmentReason } from '@/lib/core-back-office';

export const adjustmentFailed = 'Failed to adjust stock!';

export interface AdjustmentLineRequest {
  productId: string;
  /** Signed, in the product's unit: below 0 takes stock off. */
  change: string;
}

export interface AdjustmentRequest {
  reason: AdjustmentReason;
  note: string;
  /** The form's own key: the same ref sent again records the adjustment once. */
  ref: string;
  lines: AdjustmentLineRequest[];
}

/** A line adjusted; `quantity` is what the product has after it. */
export interface AdjustedLine {
  productId: string;
  productName: string;
  unit: Unit;
  change: number;
  quantity: number;
}

export interface Adjustment {
  _id: string;
  reason: AdjustmentReason;
  note: string;
  ref: string;
  userName: string;
  createdAt: number;
  lines: AdjustedLine[];
}

/** 201 with the adjustment; 200 with the one already recorded under the same ref. */
export const adjustStock = (request: AdjustmentRequest) =>
  api.post<Adjustment>('/stock/adjustments', request, { fallbackMessage: adjustmentFailed });
