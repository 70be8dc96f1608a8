/**
 * What a refund would do, asked of the back office's core (the same rules the server applies),
 * so the admin sees a refused amount before sending it. Null when the core is not loaded.
 */
import { CoreError, type TenderPart } from '@/lib/core';
import { refundByAmount, refundByLines, refundTenders, type RefundTenders } from '@/lib/core-back-office';
import type { Invoice, InvoiceTender } from '@/types/invoice';
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
 * What the sale's methods paid and gave back: its parts, or on an answer without them its one
 * method for the whole total.
 */
export function saleTenders(invoice: Invoice): InvoiceTender[] {
  if (invoice.tenders && invoice.tenders.length > 0) return invoice.tenders;
  if (!invoice.paymentMethod) return [];
  return [{ method: invoice.paymentMethod, amount: invoice.totalAmount, refunded: invoice.refundedAmount }];
}

/** Whether the sale was paid by two or more methods, so its refunds can be split between them. */
export const paidByParts = (invoice: Invoice) => new Set((invoice.tenders ?? []).map((tender) => tender.method)).size > 1;

/**
 * Whether a refund of the sale may go to store credit: its customer is a named one (the walk-in
 * customer has no phone number, and invoice answers do not flag it) and no part of it was paid
 * by card, whose refunds go back through Stripe.
 */
export function refundsToStoreCredit(invoice: Invoice): boolean {
  const customer = invoice.customer;
  if (!customer || customer.walkIn || customer.phoneNumber.trim() === '') return false;
  const byCard = invoice.paymentMethod === 'digital' || saleTenders(invoice).some((tender) => tender.method === 'digital');
  return !byCard;
}

/**
 * Where a refund of `amount` goes back: core's default (the last tender first) without `to`,
 * or the parts `to` names, checked against what each method can still give back. With an
 * amount of 0 it answers only what each method can still give back.
 */
export function checkRefundTo(invoice: Invoice, amount: string, to: TenderPart[] | undefined, coreReady: boolean): Check<RefundTenders> {
  const tenders = saleTenders(invoice);
  return ask(coreReady, () =>
    refundTenders({
      tenders: tenders.map((tender) => ({ method: tender.method, amount: tender.amount })),
      refunded: tenders.map((tender) => ({ method: tender.method, amount: tender.refunded })),
      amount,
      ...(to ? { to } : {}),
    }),
  );
}
