/**
 * How the stock screens write a ledger row: its kind in words, and quantities from their exact
 * digits (in the product's unit), a change always with its sign so taking off and putting on
 * read apart at a glance.
 */
import { canonicalDecimal, thousandths } from '@/lib/decimal-text';
import type { AdjustmentReason, MoveKind } from './api/ledger-api';

const kindWords: Record<MoveKind, string> = {
  opening: 'Opening',
  sale: 'Sale',
  refund: 'Refund',
  correction: 'Correction',
  receiving: 'Received',
  adjustment: 'Adjusted',
  count: 'Counted',
};

const reasonWords: Record<AdjustmentReason, string> = {
  damaged: 'damaged',
  expired: 'expired',
  theft: 'theft',
  correction: 'correction',
};

/** "Sale", "Received", "Adjusted (damaged)"; a kind this screen does not know is shown as sent. */
export function moveKindText(kind: string, reason?: string | null): string {
  const words = kindWords[kind as MoveKind] ?? kind;
  if (kind !== 'adjustment' || !reason) return words;
  return `${words} (${reasonWords[reason as AdjustmentReason] ?? reason})`;
}

/** The kinds a movements report can be narrowed to, in the order a shop meets them. */
export const moveKindOptions = (Object.keys(kindWords) as MoveKind[]).map((kind) => ({ value: kind, label: kindWords[kind] }));

/** A quantity as plain text: 2.5 -> "2.5", "3.000" -> "3". */
export function quantityText(value: number | string): string {
  return thousandths(value) === null ? String(value) : canonicalDecimal(value);
}

export type ChangeTone = 'in' | 'out' | 'none';

/** Whether a change put stock on (in) or took it off (out). */
export function changeTone(change: number | string): ChangeTone {
  const scaled = thousandths(change);
  if (scaled === null || scaled === 0n) return 'none';
  return scaled > 0n ? 'in' : 'out';
}

/** A change with its sign: "+24", "-2", "-0.25". */
export function signedQuantity(change: number | string): string {
  const text = quantityText(change);
  return changeTone(change) === 'in' ? `+${text}` : text;
}
