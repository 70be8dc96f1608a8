/**
 * Paying and refunding (docs/api-payments.md):
 * a card payment goes through Stripe Checkout and is confirmed (or marked failed) when the
 * browser comes back, and an admin refunds by amount or by lines. Cash and swipe are the till's
 * local commands (features/sales/local/payment-commands.ts), sent through the outbox. Every call answers with the invoice as it now stands. Amounts go out as the text
 * typed (the server reads numbers or numeric strings), never through float arithmetic.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { TenderPart } from '@/lib/core';
import type { CardSession } from '@/types/invoice';
import type { TenderBody } from '../local/payment-commands';
import { invoiceFromWire, type WireInvoice } from '@/types/invoice-wire';

const segment = encodeURIComponent;
const paymentFailed = { fallbackMessage: messages.paymentFailed };

/**
 * The parts taken at the counter before the card, in order, as the till payment sends them, with
 * the cash rounding step they were taken with: the card pays what core's plan of them leaves.
 */
export interface PartsBeforeCard {
  tenders: TenderBody[];
  cashRounding: string;
}

/**
 * The Stripe Checkout Session to send the browser to; 503 when card payments are not configured.
 * With parts taken first, the card pays what they leave (400 with the server's reason when they
 * leave nothing, or do not fit); with none, no body and the card pays the whole sale.
 */
export const startCardPayment = (invoiceId: string, parts?: PartsBeforeCard) =>
  api
    .post<CardSession & { invoice: WireInvoice }>(
      `/payment/card/invoice/${segment(invoiceId)}`,
      parts && parts.tenders.length > 0 ? parts : undefined,
      paymentFailed,
    )
    .then((answer) => ({ ...answer, invoice: invoiceFromWire(answer.invoice) }));

/**
 * Back from Stripe: the server asks Stripe and marks the invoice paid only when Stripe says so
 * (409 "Stripe has not confirmed this payment" otherwise).
 */
export const confirmCardPayment = (invoiceId: string, signal?: AbortSignal) =>
  api.put<WireInvoice>(`/payment/card/success/invoice/${segment(invoiceId)}`, undefined, { ...paymentFailed, signal }).then(invoiceFromWire);

/** Back from Stripe's cancel link: the attempt is marked failed and the order stays open. */
export const cancelCardPayment = (invoiceId: string, signal?: AbortSignal) =>
  api.put<WireInvoice>(`/payment/card/failed/invoice/${segment(invoiceId)}`, undefined, { ...paymentFailed, signal }).then(invoiceFromWire);

/** One line to take back: how much of it (the unit's quantity, as typed). */
export interface ReturnedLine {
  productId: string;
  quantity: string;
}

const refundPath = (invoiceId: string) => `/payment/${segment(invoiceId)}/invoice`;

/**
 * Where a refund is made and where its money goes: the till shift it leaves from
 * (docs/api-shifts.md; absent: the server's choice), and the methods it goes back to
 * (docs/api-payments.md "Refunds through tenders"; absent: the last tender first).
 */
export interface RefundRoute {
  shiftRef?: string;
  to?: TenderPart[];
}

const routed = ({ shiftRef, to }: RefundRoute) => ({ ...(shiftRef ? { shiftRef } : {}), ...(to ? { to } : {}) });

/** Admin only (403 for staff). Over what can still be refunded: 400 with the core's message. */
export const refundAmount = (invoiceId: string, amount: string, route: RefundRoute = {}) =>
  api.put<WireInvoice>(refundPath(invoiceId), { amount, ...routed(route) }, { fallbackMessage: messages.refundFailed }).then(invoiceFromWire);

/** Admin only: the lines' share of what was paid comes back and the goods are restocked. */
export const refundLines = (invoiceId: string, products: ReturnedLine[], route: RefundRoute = {}) =>
  api.put<WireInvoice>(refundPath(invoiceId), { products, ...routed(route) }, { fallbackMessage: messages.refundFailed }).then(invoiceFromWire);
