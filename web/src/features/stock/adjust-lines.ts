/**
 * The adjustment form's lines: what the person types (for damaged, expired and theft, a positive
 * quantity taken off; for a correction, the signed change), the signed change sent, and what
 * core says of it (`stockAdjustment`: its reason's sign, no more off than is on hand).
 */
import type { Product } from '@/features/catalog';
import { CoreError } from '@/lib/core';
import { stockAdjustment, type AdjustmentReason } from '@/lib/core-back-office';
import { canonicalDecimal, thousandths } from '@/lib/decimal-text';
import type { AdjustmentLineRequest } from './api/adjustments-api';

export type AdjustProduct = Pick<Product, '_id' | 'product_id' | 'productName' | 'barcodeNumber' | 'unit' | 'quantity'>;

export interface AdjustLineDraft {
  key: string;
  product: AdjustProduct;
  /** As typed: the quantity taken off, or for a correction the signed change. */
  typed: string;
}

export const adjustReasonOptions: { value: AdjustmentReason; label: string }[] = [
  { value: 'damaged', label: 'Damaged' },
  { value: 'expired', label: 'Expired' },
  { value: 'theft', label: 'Theft' },
  { value: 'correction', label: 'Correction' },
];

/** Damaged, expired and stolen goods only leave the shelf; a correction goes either way. */
export const takesOff = (reason: AdjustmentReason) => reason !== 'correction';

let nextKey = 0;
export const adjustLineFor = (product: AdjustProduct): AdjustLineDraft => ({ key: `adjust-${(nextKey += 1)}`, product, typed: '' });

export type AdjustLineCheck = { ok: true; change: string; onHandAfter: string } | { ok: false; message: string };

/** The line's signed change and the stock after it, or why it cannot be sent. */
export function checkAdjustLine(reason: AdjustmentReason, line: AdjustLineDraft): AdjustLineCheck {
  const text = line.typed.trim();
  if (!text) return { ok: false, message: takesOff(reason) ? 'Type how many are taken off' : 'Type the change' };
  if (thousandths(text) === null) return { ok: false, message: 'Type a number' };
  if (takesOff(reason) && text.startsWith('-')) return { ok: false, message: 'Type the quantity taken off without a minus sign' };
  const change = takesOff(reason) ? `-${canonicalDecimal(text)}` : canonicalDecimal(text);
  try {
    const checked = stockAdjustment({ reason, change, unit: line.product.unit, onHand: line.product.quantity });
    return { ok: true, change: checked.change, onHandAfter: checked.onHandAfter };
  } catch (error) {
    if (error instanceof CoreError) return { ok: false, message: error.message };
    throw error;
  }
}

export function adjustmentLines(reason: AdjustmentReason, lines: readonly AdjustLineDraft[]): AdjustmentLineRequest[] | { line: number; message: string } {
  const request: AdjustmentLineRequest[] = [];
  for (const [index, line] of lines.entries()) {
    const checked = checkAdjustLine(reason, line);
    if (!checked.ok) return { line: index + 1, message: checked.message };
    request.push({ productId: line.product._id, change: checked.change });
  }
  return request;
}

/**
 * What a line's typed text becomes when the reason changes between taking off and a correction,
 * so the same text never flips its meaning: 2 taken off is a correction of -2, a correction of
 * -2 is 2 taken off, and a correction adding stock is cleared for a reason that only takes off.
 */
export function retypedFor(from: AdjustmentReason, to: AdjustmentReason, typed: string): string {
  const text = typed.trim();
  if (takesOff(from) === takesOff(to) || !text) return typed;
  if (takesOff(from)) return text.startsWith('-') ? text : `-${text}`;
  return text.startsWith('-') ? text.slice(1) : '';
}
