/**
 * Paying at the till, local-first: cash and swipe are recorded at once, offline too, one method
 * or several (a sale paid in parts). Core's `tenderPlan` applies the tenders as handed over with
 * the shop's cash rounding; only a plan that pays the whole sale is recorded. One transaction
 * marks the invoice paid (`paidAt`, `paymentMethod`, the parts, cash received, change and
 * rounding), takes the sold quantities off the local stock (undone if the server refuses the
 * sale), enters the sale in the till's open shift (shift-commands.ts; opening one by itself for
 * the first sale) and queues `POST /till/invoices/{ref}/payment` with the tenders, the rounding
 * step, the whole invoice as it was sold and its total.
 *
 * A card payment goes through Stripe, which needs the server's invoice: it is offered only
 * online, once the outbox has sent every command of the invoice (`cardInvoiceId`).
 */
import { invoiceRefOf, type LocalInvoice, type StoredCommand, type LocalTables, type TillPaymentBody } from '@/features/offline';
import { openInvoice } from './invoice-change';
import { compareDecimal, moneyText, subtractDecimal, sumDecimal } from '@/lib/decimal-text';
import { CoreError, tenderPlan, type ShiftSale, type Spendable, type TenderPart, type TenderPlan } from '@/lib/core';
import type { Decimal, InvoiceTender } from '@/types/invoice';
import { invoiceBody } from './till-requests';
import { nowOf, TillRefusal, type TillData } from './till-data';
import { shiftForSale } from './shift-commands';
import { storeCreditFor } from './store-credit';
import { spendableGiftCard } from './gift-card';

export const CART_EMPTY = 'Cart Empty';
export const CARD_NEEDS_CONNECTION = 'Card payment needs a connection';

export type TillPaymentMethod = 'cash' | 'internal-device' | 'store-credit' | 'gift-card';

export interface PaymentOptions {
  /** Whether the till was offline when the sale was made (the server records it). */
  offline: boolean;
  /** Who takes the payment: opens the till's shift when the sale is its first. */
  seller?: string;
}

async function takeStock(tables: LocalTables, invoice: LocalInvoice) {
  for (const line of invoice.products) {
    if (line.customProduct) continue;
    // A product deleted from the local catalogue meanwhile has no stock here to take. The
    // catalogue keeps the number form `GET /sync/products` sends; the difference is exact text.
    const product = await tables.get('products', line.productId);
    if (product) await tables.put('products', { ...product, quantity: Number(subtractDecimal(product.quantity, line.quantity)) });
  }
}

/** One tender as handed over: a cash amount is what the customer gave. */
export interface TillTender {
  method: TillPaymentMethod;
  amount: Decimal;
  /** The gift card a `gift-card` tender is spent from (its number as core normalised it). */
  card?: string;
}

/** A tender as sent to the server. */
export interface TenderBody {
  method: TillPaymentMethod;
  amount: Decimal;
  card?: string;
}

export interface TillPayment {
  /** In the order handed over. */
  tenders: TillTender[];
  /** The shop's cash rounding step ("0": none). */
  cashRounding: Decimal;
}

/** What bounds the parts spent from a balance: the customer's store credit, the sale's gift card. */
export interface SpendBounds {
  /** The customer's store credit (store-credit.ts). */
  storeCredit?: Spendable | null;
  /** The sale's one gift card (gift-card.ts). */
  giftCard?: Spendable | null;
}

/**
 * Core's plan of the tenders on the sale's total; core's refusal becomes the till's. With the
 * customer's store credit or the sale's gift card, core bounds the parts spent from it.
 */
export function planOf(totalAmount: Decimal, payment: TillPayment, bounds: SpendBounds = {}): TenderPlan {
  try {
    const tenders = payment.tenders.map(({ method, amount }) => ({ method, amount }));
    return tenderPlan({ totalAmount, cashRounding: payment.cashRounding, tenders, storeCredit: bounds.storeCredit, giftCard: bounds.giftCard });
  } catch (error) {
    if (error instanceof CoreError) throw new TillRefusal(error.message);
    throw error;
  }
}

/** The method that paid the most of the sale (the first of them on a tie). */
export function mainMethod<Method extends string>(parts: readonly { method: Method; amount: Decimal }[]): Method | null {
  const byMethod = new Map<Method, Decimal>();
  for (const part of parts) byMethod.set(part.method, sumDecimal([byMethod.get(part.method) ?? '0', part.amount]));
  let best: [Method, Decimal] | null = null;
  for (const entry of byMethod) if (!best || compareDecimal(entry[1], best[1]) > 0) best = entry;
  return best?.[0] ?? null;
}

const commandKind = (tenders: readonly TillTender[]) => {
  const methods = new Set(tenders.map((tender) => tender.method));
  if (methods.size > 1) return 'paySplit';
  if (methods.has('store-credit')) return 'payStoreCredit';
  if (methods.has('gift-card')) return 'payGiftCard';
  return methods.has('cash') ? 'payCash' : 'paySwipe';
};

const takesStoreCredit = (payment: TillPayment) => payment.tenders.some((tender) => tender.method === 'store-credit');

export const ONE_GIFT_CARD = 'A sale is paid by one gift card';

/**
 * The one gift card the payment spends, or null when it spends none. Every gift-card part names
 * the same card, as the server requires.
 */
export function giftCardOf(tenders: readonly TillTender[]): string | null {
  const cards = new Set(tenders.filter((tender) => tender.method === 'gift-card').map((tender) => tender.card ?? ''));
  if (cards.size === 0) return null;
  const [card] = cards;
  if (cards.size > 1) throw new TillRefusal(`${ONE_GIFT_CARD}: ${[...cards].join(' and ')} were given`);
  if (!card) throw new TillRefusal('A gift card part names no card');
  return card;
}

/** The sale as the shift's report counts it: by its one method, or by the parts core applied. */
function shiftSaleOf(invoiceRef: string, invoice: LocalInvoice, plan: TenderPlan): ShiftSale {
  const totals = {
    invoiceId: invoiceRef, subTotal: invoice.subTotal, totalDiscount: invoice.totalDiscount, totalTax: invoice.totalTax,
    redeemAmount: invoice.redeemAmount, totalAmount: invoice.totalAmount, rounding: plan.rounding,
  };
  const methods = new Set(plan.tenders.map((part) => part.method));
  if (methods.size === 1) return { ...totals, paymentMethod: plan.tenders[0]!.method };
  return { ...totals, tenders: plan.tenders };
}

/** Core's parts as the invoice keeps them; the gift-card part names its card. */
const invoiceTenders = (parts: TenderPart[], card: string | null): InvoiceTender[] =>
  parts.map((part) => ({ method: part.method, amount: part.amount, refunded: '0', ...(part.method === 'gift-card' && card ? { card } : {}) }));

/**
 * A tender as the server takes it (the till payment's, and the parts before a card payment):
 * money with 2 decimals, and a gift-card part's card.
 */
export const tenderBody = (tender: TillTender): TenderBody => ({
  method: tender.method,
  amount: moneyText(tender.amount),
  ...(tender.method === 'gift-card' ? { card: tender.card } : {}),
});

/**
 * Records the payment of the open invoice `ref` by its tenders (as handed over) with the shop's
 * cash rounding; refused with core's message when they do not pay the whole sale. Answers the
 * paid invoice.
 */
export async function pay(data: TillData, ref: string, payment: TillPayment, options: PaymentOptions): Promise<LocalInvoice> {
  let paid: LocalInvoice | null = null;
  let body: TillPaymentBody | null = null;
  // Read before the payment's transaction (which holds the invoice tables, not the outbox); a
  // customer without credit has none to spend, and core says so.
  const storeCredit = takesStoreCredit(payment)
    ? ((await storeCreditFor(data.db, (await data.db.invoices.get(ref))?.customer ?? null)) ?? { balance: '0' })
    : null;
  // A card never learnt on this till cannot pay: its balance is unknown here.
  const card = giftCardOf(payment.tenders);
  const giftCard = card ? await spendableGiftCard(data.db, card) : null;
  await data.engine.enqueue(
    { kind: commandKind(payment.tenders), action: () => ({ type: 'payInvoice', invoiceRef: ref, payload: body! }) },
    async (tables) => {
      const invoice = await openInvoice(tables, ref);
      if (invoice.products.length === 0) throw new TillRefusal(CART_EMPTY);
      const plan = planOf(invoice.totalAmount, payment, { storeCredit, giftCard });
      if (!plan.complete) throw new TillRefusal(`${plan.remaining} is left to pay`);
      const paidAt = nowOf(data);
      const sale = shiftSaleOf(ref, invoice, plan);
      const shiftRef = await shiftForSale(data.db, tables, { invoiceRef: ref, at: paidAt, sale, seller: options.seller ?? invoice.staff });
      body = {
        tenders: payment.tenders.map(tenderBody), cashRounding: payment.cashRounding, paidAt, offline: options.offline,
        totalAmount: invoice.totalAmount, invoice: invoiceBody(invoice), shiftRef,
      };
      await takeStock(tables, invoice);
      const tookCash = payment.tenders.some((tender) => tender.method === 'cash');
      paid = {
        ...invoice, status: 'paid', paidAt, paymentMethod: mainMethod(plan.tenders), tenders: invoiceTenders(plan.tenders, card),
        cashReceived: tookCash ? plan.cashReceived : null, change: plan.change, rounding: plan.rounding, updatedAt: paidAt, origin: 'till',
      };
      await tables.put('invoices', paid);
    },
  );
  return paid!;
}

const isUnsentFor = (ref: string) => (command: StoredCommand) =>
  command.state !== 'rejected' && invoiceRefOf(command.action) === ref;

/**
 * The server's id of the open invoice `ref` once every command of it has been sent (the outbox
 * is drained first), or a refusal saying a connection is needed.
 */
export async function cardInvoiceId(data: TillData, ref: string, online: boolean): Promise<string> {
  if (!online) throw new TillRefusal(CARD_NEEDS_CONNECTION);
  await data.engine.drain({ ignoreBackoff: true });
  const unsent = await data.db.outbox.filter(isUnsentFor(ref)).count();
  const serverId = (await data.db.invoiceNumbers.get(ref))?.serverId ?? (await data.db.invoices.get(ref))?.serverId;
  if (unsent > 0 || !serverId) throw new TillRefusal(CARD_NEEDS_CONNECTION);
  return serverId;
}
