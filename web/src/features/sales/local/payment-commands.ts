/**
 * Paying at the till, local-first: cash and swipe are recorded at once, offline too. One
 * transaction marks the invoice paid (`paidAt`, `paymentMethod`), takes the sold quantities off
 * the local stock (undone if the server refuses the sale), enters the sale in the till's open
 * shift (shift-commands.ts; opening one by itself for the first sale) and queues
 * `POST /till/invoices/{ref}/payment` with the whole invoice as it was sold and its total.
 *
 * A card payment goes through Stripe, which needs the server's invoice: it is offered only
 * online, once the outbox has sent every command of the invoice (`cardInvoiceId`).
 */
import { invoiceRefOf, type LocalInvoice, type StoredCommand, type LocalTables, type TillPaymentBody } from '@/features/offline';
import { openInvoice } from './invoice-change';
import { subtractDecimal } from '@/lib/decimal-text';
import { invoiceBody } from './till-requests';
import { nowOf, TillRefusal, type TillData } from './till-data';
import { shiftForSale } from './shift-commands';

export const CART_EMPTY = 'Cart Empty';
export const CARD_NEEDS_CONNECTION = 'Card payment needs a connection';

export type TillPaymentMethod = 'cash' | 'internal-device';

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

/** Records a cash or swipe payment of the open invoice `ref`; answers the paid invoice. */
export async function pay(data: TillData, ref: string, method: TillPaymentMethod, options: PaymentOptions): Promise<LocalInvoice> {
  let paid: LocalInvoice | null = null;
  let body: TillPaymentBody | null = null;
  await data.engine.enqueue(
    { kind: method === 'cash' ? 'payCash' : 'paySwipe', action: () => ({ type: 'payInvoice', invoiceRef: ref, payload: body! }) },
    async (tables) => {
      const invoice = await openInvoice(tables, ref);
      if (invoice.products.length === 0) throw new TillRefusal(CART_EMPTY);
      const paidAt = nowOf(data);
      const sale = {
        invoiceId: ref, paymentMethod: method, subTotal: invoice.subTotal, totalDiscount: invoice.totalDiscount,
        totalTax: invoice.totalTax, redeemAmount: invoice.redeemAmount, totalAmount: invoice.totalAmount,
      };
      const shiftRef = await shiftForSale(data.db, tables, { invoiceRef: ref, at: paidAt, sale, seller: options.seller ?? invoice.staff });
      body = { method, paidAt, offline: options.offline, totalAmount: invoice.totalAmount, invoice: invoiceBody(invoice), shiftRef };
      await takeStock(tables, invoice);
      paid = { ...invoice, status: 'paid', paidAt, paymentMethod: method, updatedAt: paidAt, origin: 'till' };
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
