/**
 * What a refund would do, asked of the back office's core (the same rules the server applies),
 * so the admin sees a refused amount before sending it. Null when the core is not loaded.
 */
import { CoreError, type TenderPart } from '@/lib/core';
import { refundByAmount, refundByLines, refundTenders } from '@/lib/core-back-office';
import type { Invoice } from '@/types/invoice';
import { isPositive } from '@/lib/decimal-text';

export type Check<T> = { ok: true; value: T } | { ok: false; message: string } | null;

function ask<T>(coreReady: boolean, run: () => T): Check<T> {
  if (!coreReady) return null;
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (error instanceof CoreError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * What can still be refunded. The core has no "remaining" question of its own, so this asks
 * it what is left after refunding the amount already refunded (nothing refunded: all of it).
 */
export function remainingRefundable(invoice: Invoice, coreReady: boolean): string | null {
  if (!isPositive(invoice.refundedAmount)) return coreReady ? invoice.totalAmount : null;
  const check = ask(coreReady, () => refundByAmount({ paid: invoice.totalAmount, alreadyRefunded: 0, amount: invoice.refundedAmount }));
  return check?.ok ? check.value.remaining : null;
}

export const checkRefundAmount = (invoice: Invoice, amount: string, coreReady: boolean) =>
  ask(coreReady, () => refundByAmount({ paid: invoice.totalAmount, alreadyRefunded: invoice.refundedAmount, amount }));

/** `quantities` by line productId, as typed; blank ones are left out. */
export const checkRefundLines = (invoice: Invoice, quantities: Record<string, string>, coreReady: boolean) =>
  ask(coreReady, () =>
    refundByLines({
      lines: invoice.products.map((line) => ({
        lineId: line._id,
        productId: line.productId,
        productName: line.productName,
        quantity: line.quantity,
        total: line.total,
        refundedQuantity: line.refundedQuantity,
      })),
      redeemAmount: invoice.redeemAmount,
      alreadyRefunded: invoice.refundedAmount,
      request: returnedLines(quantities),
    }),
  );

export const returnedLines = (quantities: Record<string, string>) =>
  Object.entries(quantities)
    .map(([productId, quantity]) => ({ productId, quantity: quantity.trim() }))
    .filter((line) => line.quantity !== '');

/**
 * Where a refund of a sale paid by several methods goes back, as the server will send it (last
 * part first), in the order the parts were paid: "Swipe MVR 2.67, Cash MVR 27.33". Null for a sale paid by one method, or when the
 * core cannot tell.
 */
export function refundSplit(invoice: Invoice, amount: string, coreReady: boolean): TenderPart[] | null {
  const tenders = invoice.tenders ?? [];
  if (new Set(tenders.map((tender) => tender.method)).size < 2) return null;
  const check = ask(coreReady, () =>
    refundTenders({
      tenders: tenders.map((tender) => ({ method: tender.method, amount: tender.amount })),
      refunded: tenders.map((tender) => ({ method: tender.method, amount: tender.refunded })),
      amount,
    }),
  );
  return check?.ok ? check.value.parts : null;
}
