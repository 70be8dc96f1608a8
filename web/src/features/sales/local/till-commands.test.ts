/** The till's local commands against a real local database and sync engine, with a scripted server. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceCart } from '@/lib/core';
import { compareDecimal } from '@/lib/decimal-text';
import { loadCore } from '@/test/core';
import { cola, rice, water } from '@/features/catalog/testing';
import {
  bodyOf, fillCatalogTable, readLocalProducts, pullResource, type FetchSyncPage,
} from '@/features/offline/testing';
import { invoiceRefOf, type LocalInvoice, type StoredCommand, type TillInvoiceBody, type TillPaymentBody } from '@/features/offline';
import { cartLineOf } from '@/types/invoice-wire';
import { addLine, clearCart, createCart, deleteOpenOrder, removeLine, saveOpenOrder, setQuantity } from './cart-commands';
import { aishaOnInvoice, localTill, payWhole, seller, type FakeAnswer } from './local-test-support';
import { readInvoice } from './local-views';
import { cardInvoiceId, mainMethod, pay } from './payment-commands';
import { redeem } from './redemption';

beforeAll(loadCore);

let till: Awaited<ReturnType<typeof localTill>>;
// The database is left open: the engine's last status read may still be running after
// `settled()` (it runs after the pass), and each test has an IndexedDB of its own anyway.
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
});

const newCart = () => createCart(till.data, { customer: aishaOnInvoice, staff: seller });
const invoiceOf = async (ref: string) => (await till.db.invoices.get(ref))!;
const queued = () => till.db.outbox.orderBy('seq').toArray();
/** Sends the queue now, whatever backoff the failed background attempts set. */
const syncNow = async () => {
  await till.engine.settled();
  return till.engine.drain({ ignoreBackoff: true });
};
const kinds = async () => (await queued()).map((command) => command.kind);

/** Answers every invoice command with a numbered invoice, as the server does: a paid one also has its receipt number. */
const numbering = (command: StoredCommand): FakeAnswer => {
  const ref = invoiceRefOf(command.action);
  const receiptNumber = command.action.type === 'payInvoice' ? 'R-000007' : null;
  return command.action.type === 'deleteInvoice' ? { data: null } : { data: { _id: '42', ref, invoiceNumber: 'INV-000042', receiptNumber } };
};

describe('creating a cart', () => {
  it('writes the invoice and queues its PUT in one step, numbered by the device', async () => {
    till = await localTill();
    const first = await newCart();
    const second = await newCart();
    expect(first.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).toMatchObject({ _id: first.ref, status: 'active', origin: 'till', invoiceNumber: '', serverId: null, customer: aishaOnInvoice });
    const device = (await till.db.device.get('device'))!;
    expect(device.code).toMatch(/^[0-9A-F]{4}$/);
    expect([first.provisionalNumber, second.provisionalNumber]).toEqual([`${device.code}-0001`, `${device.code}-0002`]);
    expect(device.next).toBe(3);

    const [command] = await queued();
    expect(command).toMatchObject({ kind: 'createCart', action: { type: 'saveInvoice', invoiceRef: first.ref } });
    expect(bodyOf(command!)).toEqual({
      customerId: 'c-1', status: 'active', provisionalNumber: first.provisionalNumber, createdAt: till.clock.now(), redeemAmount: '0', lines: [],
    });
    expect(await invoiceOf(first.ref)).toEqual(first);
  });

  it('reuses the held cart when it is empty, switching its customer', async () => {
    till = await localTill();
    const held = await newCart();
    const hassan = { _id: 'c-2', customerName: 'Hassan Naseer', phoneNumber: '7785555', loyalityPoint: '0' };
    const switched = await createCart(till.data, { customer: hassan, staff: seller, heldRef: held.ref });
    expect(switched.ref).toBe(held.ref);
    expect(await till.db.invoices.count()).toBe(1);
    expect(bodyOf((await queued()).at(-1)!)).toMatchObject({ customerId: 'c-2' });
  });
});

describe('atomicity', () => {
  it('keeps no local change when its command cannot be stored', async () => {
    till = await localTill();
    const cart = await newCart();
    const failing = till.engine.enqueue(
      { kind: 'addLine', action: () => { throw new Error('no body'); } },
      async (tables) => tables.put('invoices', { ...cart, status: 'saved' }),
    );
    await expect(failing).rejects.toThrow('no body');
    expect(await invoiceOf(cart.ref)).toEqual(cart);
    expect(await kinds()).toEqual(['createCart']);
  });
});

describe('lines', () => {
  it('are priced by the core from the local catalogue’s values, which the command carries', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    const { invoice } = await addLine(till.data, cart.ref, { productId: rice._id }, '1.5');
    const expected = priceCart({ lines: invoice.products.map(cartLineOf), redeemAmount: 0 });
    // The core's text, kept as it gave it: never a float in between.
    expect(invoice.totalAmount).toBe(expected.totalAmount);
    expect(invoice.products.map((line) => line.total)).toEqual(expected.lines.map((line) => line.total));
    // Drinks carry their category's 5% discount rate.
    expect(invoice.products[0]).toMatchObject({ categoryDiscountRate: '5', sellingPrice: '9.5', quantity: '2' });

    const body = bodyOf((await queued()).at(-1)!) as TillInvoiceBody;
    expect(body.lines).toEqual([
      expect.objectContaining({ productId: 'prod-1', quantity: '2', sellingPrice: '9.5', categoryDiscountRate: '5', productTax: '8', loyaltyRate: '1.5' }),
      expect.objectContaining({ productId: 'prod-2', quantity: '1.5', unit: 'kg', discount: '5', discountType: 'flat', costPrice: '1234.5' }),
    ]);
    expect(await invoiceOf(cart.ref)).toEqual(invoice);
  });

  it('keep the price they were rung up at when the catalogue changes', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id });
    await till.db.products.put({ ...cola, sellingPrice: 20, price: 20 });
    const { invoice } = await setQuantity(till.data, cart.ref, cola._id, '3');
    expect(invoice.products[0]).toMatchObject({ sellingPrice: '9.5', quantity: '3' });
  });

  it('add one more of a product tapped again, as of a scanned one, never over the stock', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: rice._id, oneMore: true }, '11');
    const { invoice } = await addLine(till.data, cart.ref, { productId: rice._id, oneMore: true });
    expect(invoice.products.map((line) => [line.productId, line.quantity])).toEqual([['prod-2', '12']]);
    await expect(addLine(till.data, cart.ref, { productId: rice._id, oneMore: true })).rejects.toThrow('Not enough stock for Rice 5kg: 12.5 kg left');
  });

  it('add one more of a scanned product, and set the quantity by id', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { barcodeNumber: water.barcodeNumber });
    let { invoice } = await addLine(till.data, cart.ref, { barcodeNumber: water.barcodeNumber });
    expect(invoice.products[0]?.quantity).toBe('2');
    ({ invoice } = await addLine(till.data, cart.ref, { productId: water._id }, '5'));
    expect(invoice.products[0]?.quantity).toBe('5');
    // The same quantity again changes nothing and sends nothing.
    const before = await till.db.outbox.count();
    const again = await addLine(till.data, cart.ref, { productId: water._id }, '5');
    expect(again.command).toBeNull();
    expect(await till.db.outbox.count()).toBe(before);
  });

  it('are refused over the local stock with the server’s message, writing and queueing nothing', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: rice._id }, '2');
    const before = { invoice: await invoiceOf(cart.ref), commands: await queued() };
    await expect(setQuantity(till.data, cart.ref, rice._id, '13')).rejects.toThrow('Not enough stock for Rice 5kg: 12.5 kg left');
    await expect(addLine(till.data, cart.ref, { productId: cola._id }, '25')).rejects.toThrow('Not enough stock for Cola 330ml: 24 no left');
    expect(await invoiceOf(cart.ref)).toEqual(before.invoice);
    expect(await queued()).toEqual(before.commands);
  });

  it('follow the unit’s quantity rules and refuse unknown products', async () => {
    till = await localTill();
    const cart = await newCart();
    await expect(addLine(till.data, cart.ref, { productId: cola._id }, '1.5')).rejects.toThrow('Quantity must be a whole number for unit no');
    await expect(addLine(till.data, cart.ref, { productId: rice._id }, '0')).rejects.toThrow('Quantity must be greater than 0');
    await expect(addLine(till.data, cart.ref, { productId: rice._id }, '1.2345')).rejects.toThrow('Quantity must have at most 3 decimals');
    await expect(addLine(till.data, cart.ref, { barcodeNumber: '999' })).rejects.toThrow('Product not found');
    await expect(removeLine(till.data, cart.ref, cola._id)).rejects.toThrow('Product is not in this invoice');
    expect(await kinds()).toEqual(['createCart']);
  });

  it('are removed and cleared, each change queued with the whole state after it', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id });
    await addLine(till.data, cart.ref, { productId: water._id });
    await removeLine(till.data, cart.ref, cola._id);
    await clearCart(till.data, cart.ref);
    const bodies = (await queued()).map((command) => (bodyOf(command) as TillInvoiceBody).lines.map((line) => line.productId));
    expect(await kinds()).toEqual(['createCart', 'addLine', 'addLine', 'removeLine', 'clearCart']);
    expect(bodies).toEqual([[], ['prod-1'], ['prod-1', 'prod-3'], ['prod-3'], []]);
    expect((await invoiceOf(cart.ref)).totalAmount).toBe('0');
  });
});

describe('open orders', () => {
  it('saves a cart with lines, refuses an empty one, and deletes one', async () => {
    till = await localTill();
    const cart = await newCart();
    await expect(saveOpenOrder(till.data, cart.ref)).rejects.toThrow('The cart is empty: add a product before saving it');
    await addLine(till.data, cart.ref, { productId: cola._id });
    const { invoice } = await saveOpenOrder(till.data, cart.ref);
    expect(invoice.status).toBe('saved');
    expect(bodyOf((await queued()).at(-1)!)).toMatchObject({ status: 'saved' });

    await deleteOpenOrder(till.data, cart.ref);
    expect(await till.db.invoices.get(cart.ref)).toBeUndefined();
    expect((await queued()).at(-1)).toMatchObject({ kind: 'deleteOpenOrder', action: { type: 'deleteInvoice', invoiceRef: cart.ref } });
  });
});

describe('redeeming points', () => {
  async function paidWithRedemption(amount: string) {
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    await redeem(till.data, cart.ref, amount);
    return payWhole(till.data, cart.ref, 'cash', { offline: true });
  }

  it('is limited by the last known balance minus this device’s unsent redemptions', async () => {
    till = await localTill(numbering);
    const paid = await paidWithRedemption('10');
    expect(paid.redeemAmount).toBe('10.00');

    // Aisha had 12.50; 10 of it went on a sale not yet sent.
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    await expect(redeem(till.data, cart.ref, '5')).rejects.toThrow('You can redeem at most 2.50');
    expect((await redeem(till.data, cart.ref, '2.5')).invoice.redeemAmount).toBe('2.50');

    // Once the sale is sent, its redemption is the server's to count (the next pull brings the balance).
    till.goOnline();
    await syncNow();
    expect((await redeem(till.data, cart.ref, '5')).invoice.redeemAmount).toBe('5.00');
  });

  it('is at most the amount due, refuses bad amounts, and is lowered when the lines go down', async () => {
    till = await localTill();
    await till.db.customers.update('c-1', { loyalityPoint: 500 });
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    const due = priceCart({ lines: (await invoiceOf(cart.ref)).products.map(cartLineOf) }).totalAmount;
    await expect(redeem(till.data, cart.ref, '100')).rejects.toThrow(`You can redeem at most ${due}`);
    await expect(redeem(till.data, cart.ref, 'five')).rejects.toThrow('Type the amount to redeem');
    await expect(redeem(till.data, cart.ref, '1.005')).rejects.toThrow('Type the amount to redeem');
    await redeem(till.data, cart.ref, due);
    const { invoice } = await setQuantity(till.data, cart.ref, cola._id, '1');
    const oneCola = priceCart({ lines: invoice.products.map(cartLineOf) }).totalAmount;
    expect(compareDecimal(oneCola, due)).toBe(-1);
    expect(invoice.redeemAmount).toBe(oneCola);
    expect(invoice.totalAmount).toBe('0.00');
  });
});

describe('paying cash or swipe', () => {
  it('marks the invoice paid, takes the stock and queues the whole sale with its total', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: rice._id }, '1.25');
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    const open = await invoiceOf(cart.ref);
    till.clock.advance(5_000);
    const paid = await payWhole(till.data, cart.ref, 'internal-device', { offline: true });
    expect(paid).toMatchObject({ status: 'paid', paymentMethod: 'internal-device', paidAt: till.clock.now() });
    expect((await till.db.products.get(rice._id))?.quantity).toBe(11.25);
    expect((await till.db.products.get(cola._id))?.quantity).toBe(22);

    const command = (await queued()).at(-1)!;
    expect(command).toMatchObject({ kind: 'paySwipe', action: { type: 'payInvoice', invoiceRef: cart.ref } });
    const body = bodyOf(command) as TillPaymentBody;
    expect(body).toMatchObject({
      tenders: [{ method: 'internal-device', amount: '1862.94' }], cashRounding: '0', paidAt: till.clock.now(), offline: true, totalAmount: open.totalAmount,
    });
    expect(body).not.toHaveProperty('method');
    expect(body.invoice).toMatchObject({ status: 'active', customerId: 'c-1' });
    expect(body.invoice.lines).toHaveLength(2);
    await expect(payWhole(till.data, cart.ref, 'cash', { offline: true })).rejects.toThrow(/is paid and can no longer change/);
  });

  it('pays in parts: core applies them in order with the shop’s cash rounding, and the sale records each', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: rice._id }, '1.25');
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    expect((await invoiceOf(cart.ref)).totalAmount).toBe('1862.94');
    const tenders = [{ method: 'internal-device', amount: '1000' }, { method: 'cash', amount: '900' }] as const;
    const paid = await pay(till.data, cart.ref, { tenders: [...tenders], cashRounding: '0.05' }, { offline: true });

    // Swipe 1000.00 leaves 862.94, due in cash as 862.95: 900.00 handed over, 37.05 back.
    expect(paid).toMatchObject({
      status: 'paid', paymentMethod: 'internal-device', cashReceived: '900.00', change: '37.05', rounding: '0.01',
      tenders: [{ method: 'internal-device', amount: '1000.00', refunded: '0' }, { method: 'cash', amount: '862.94', refunded: '0' }],
    });
    const command = (await queued()).at(-1)!;
    expect(command.kind).toBe('paySplit');
    expect(bodyOf(command)).toMatchObject({
      tenders: [{ method: 'internal-device', amount: '1000.00' }, { method: 'cash', amount: '900.00' }], cashRounding: '0.05', totalAmount: '1862.94',
    } satisfies Partial<TillPaymentBody>);
    const entry = await till.db.shiftEntries.get(cart.ref);
    expect(entry).toMatchObject({
      type: 'sale',
      sale: { tenders: [{ method: 'internal-device', amount: '1000.00' }, { method: 'cash', amount: '862.94' }], rounding: '0.01', totalAmount: '1862.94' },
    });
    expect(entry?.type === 'sale' && entry.sale.paymentMethod).toBeUndefined();
  });

  it('keeps one method in the shift with its rounding, and names the method that paid the most', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    const { totalAmount } = await invoiceOf(cart.ref);
    const paid = await pay(till.data, cart.ref, { tenders: [{ method: 'cash', amount: '5' }, { method: 'cash', amount: '100' }], cashRounding: '1' }, { offline: true });
    expect(paid).toMatchObject({ paymentMethod: 'cash', cashReceived: '105.00' });
    expect((await queued()).at(-1)?.kind).toBe('payCash');
    const entry = await till.db.shiftEntries.get(cart.ref);
    expect(entry).toMatchObject({ sale: { paymentMethod: 'cash', rounding: paid.rounding, totalAmount } });
    expect(entry?.type === 'sale' && entry.sale.tenders).toBeUndefined();
    expect(mainMethod([{ method: 'cash', amount: '10' }, { method: 'internal-device', amount: '6' }, { method: 'internal-device', amount: '4' }])).toBe('cash');
    expect(mainMethod([{ method: 'cash', amount: '10' }, { method: 'internal-device', amount: '6' }, { method: 'internal-device', amount: '4.01' }])).toBe('internal-device');
  });

  it('refuses tenders that leave something to pay, and core’s refusals, recording nothing', async () => {
    till = await localTill();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: rice._id }, '1.25');
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    const before = await queued();
    const payment = (cash: string) => ({ tenders: [{ method: 'internal-device' as const, amount: '1000' }, { method: 'cash' as const, amount: cash }], cashRounding: '0.05' });
    await expect(pay(till.data, cart.ref, payment('800'), { offline: true })).rejects.toThrow('62.94 is left to pay');
    await expect(pay(till.data, cart.ref, payment('862.94'), { offline: true })).rejects.toThrow('Cash due is 862.95 (the shop rounds cash to 0.05)');
    await expect(pay(till.data, cart.ref, { tenders: [{ method: 'internal-device', amount: '2000' }], cashRounding: '0' }, { offline: true })).rejects.toThrow(
      'Swipe of 2000.00 is more than the 1862.94 left to pay',
    );
    expect(await queued()).toEqual(before);
    expect(await invoiceOf(cart.ref)).toMatchObject({ status: 'active' });
    expect(await till.db.shiftEntries.count()).toBe(0);
  });

  it('refuses an empty cart', async () => {
    till = await localTill();
    const cart = await newCart();
    await expect(payWhole(till.data, cart.ref, 'cash', { offline: false })).rejects.toThrow('Cart Empty');
  });

  it('by card needs a connection and every command of the invoice sent', async () => {
    till = await localTill(numbering);
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id });
    await expect(cardInvoiceId(till.data, cart.ref, false)).rejects.toThrow('Card payment needs a connection');
    // The browser says online but the server cannot be reached: still no card.
    await expect(cardInvoiceId(till.data, cart.ref, true)).rejects.toThrow('Card payment needs a connection');
    till.goOnline();
    await expect(cardInvoiceId(till.data, cart.ref, true)).resolves.toBe('42');
  });
});

describe('sync: reconcile and rollback', () => {
  it('writes the server’s numbers into invoiceNumbers and leaves the invoices as the till wrote them', async () => {
    till = await localTill(numbering);
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id });
    const paid = await payWhole(till.data, cart.ref, 'cash', { offline: false });
    const before = await till.db.invoices.toArray();
    till.goOnline();
    expect(await syncNow()).toMatchObject({ sent: 3, rejected: 0 });
    expect(await till.db.invoices.toArray()).toEqual(before);
    expect(await till.db.invoiceNumbers.toArray()).toEqual([{ ref: paid.ref, serverId: '42', invoiceNumber: 'INV-000042', receiptNumber: 'R-000007' }]);
    expect(till.sent.map((command) => command.kind)).toEqual(['createCart', 'addLine', 'payCash']);
    // The screens show the sale by the server's numbers once they are known.
    expect(await readInvoice(till.db, paid.ref)).toMatchObject({ invoiceNumber: 'INV-000042', receiptNumber: 'R-000007', serverId: '42' });
  });

  it('rolls a rejected change back, restoring the cart as it was before it', async () => {
    till = await localTill((command) => (command.kind === 'setQuantity' ? { status: 400, message: 'Quantity refused' } : { data: null }));
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    const before = await invoiceOf(cart.ref);
    await setQuantity(till.data, cart.ref, cola._id, '3');
    expect((await invoiceOf(cart.ref)).products[0]?.quantity).toBe('3');
    till.goOnline();
    expect(await syncNow()).toMatchObject({ sent: 2, rejected: 1 });
    expect(await invoiceOf(cart.ref)).toEqual(before);
    expect(till.status.state.rejected).toEqual([expect.objectContaining({ kind: 'setQuantity', message: 'Quantity refused', conflicts: 0 })]);
  });

  it('rolls a rejected payment back: the invoice is open again and the stock is back', async () => {
    till = await localTill((command) => (command.kind === 'payCash' ? { status: 409, message: 'Invoice INV-000042 is already paid' } : { data: null }));
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: water._id }, '4');
    const open: LocalInvoice = await invoiceOf(cart.ref);
    await payWhole(till.data, cart.ref, 'cash', { offline: true });
    expect((await till.db.products.get(water._id))?.quantity).toBe(56);
    till.goOnline();
    await syncNow();
    expect(await invoiceOf(cart.ref)).toEqual(open);
    expect((await till.db.products.get(water._id))?.quantity).toBe(60);
  });
});

describe('selling while the products table is filled from a first pull', () => {
  /** The fixtures' products pulled into an empty table as a first pull of two pages: a snapshot with the table to fill. */
  async function firstPull() {
    const catalogue = await till.db.products.toArray();
    await till.db.products.clear();
    const fetchPage = vi.fn<FetchSyncPage>(async (_resource, after) =>
      after === 0 ? { rows: catalogue.slice(0, 1), deleted: [], cursor: 1, more: true } : { rows: catalogue.slice(1), deleted: [], cursor: 2, more: false },
    );
    await pullResource(till.db, 'products', { fetchPage, now: till.clock.now });
    expect(await till.db.products.count()).toBe(0);
    return catalogue;
  }

  it('sells a product not copied yet, by tap and by scan, and the fill keeps its sold stock', async () => {
    till = await localTill();
    const catalogue = await firstPull();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: cola._id }, '2');
    await addLine(till.data, cart.ref, { barcodeNumber: water.barcodeNumber });
    await payWhole(till.data, cart.ref, 'cash', { offline: true });
    expect((await till.db.products.get(cola._id))?.quantity).toBe(22);
    expect((await till.db.products.get(water._id))?.quantity).toBe(59);

    expect(await fillCatalogTable(till.db, { pause: () => Promise.resolve() })).toBe(true);
    expect(await till.db.products.count()).toBe(catalogue.length);
    expect((await till.db.products.get(cola._id))?.quantity).toBe(22);
    expect((await till.db.products.get(rice._id))?.quantity).toBe(rice.quantity);
    const shown = (await readLocalProducts(till.db)).products;
    expect(shown.find((row) => row._id === cola._id)?.quantity).toBe(22);
    expect(shown.find((row) => row._id === water._id)?.quantity).toBe(59);
  });

  it('rolls a rejected payment back to the snapshot row, which the fill then leaves alone', async () => {
    till = await localTill((command) => (command.kind === 'payCash' ? { status: 409, message: 'Invoice INV-000042 is already paid' } : { data: null }));
    await firstPull();
    const cart = await newCart();
    await addLine(till.data, cart.ref, { productId: water._id }, '4');
    await payWhole(till.data, cart.ref, 'cash', { offline: true });
    expect((await till.db.products.get(water._id))?.quantity).toBe(56);
    till.goOnline();
    await syncNow();
    expect((await till.db.products.get(water._id))?.quantity).toBe(60);
    await fillCatalogTable(till.db, { pause: () => Promise.resolve() });
    expect((await till.db.products.get(water._id))?.quantity).toBe(60);
  });
});
