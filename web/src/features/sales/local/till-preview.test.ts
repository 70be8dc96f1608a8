/** The preview of an add (what the cart shows while the add is written) and which commands carry whose state. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '@/test/core';
import { cola, rice } from '@/features/catalog/testing';
import { addLine, createCart, previewAddLine } from './cart-commands';
import { aishaOnInvoice, localTill, seller } from './local-test-support';
import type { TillAction } from '@/features/offline';
import { payInvoice, saveInvoice } from '@/features/offline/testing';
import { tillCommandState } from './till-requests';

beforeAll(loadCore);

let till: Awaited<ReturnType<typeof localTill>>;
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
});

const comparable = ({ products, subTotal, totalDiscount, totalTax, totalAmount, pointsEarned }: Awaited<ReturnType<typeof createCart>>) => ({
  products: products.map(({ productId, quantity, price, total }) => ({ productId, quantity, price, total })),
  subTotal,
  totalDiscount,
  totalTax,
  totalAmount,
  pointsEarned,
});

describe('previewing an add', () => {
  it('shows the lines and totals that addLine then writes, for a tap and for a scan of a product already there', async () => {
    till = await localTill();
    const cart = await createCart(till.data, { customer: aishaOnInvoice, staff: seller });
    const rate = (await till.db.categories.get(cola.category._id))?.discountRate ?? 0;

    const tapped = previewAddLine(cart, cola, rate, false, 5);
    const written = (await addLine(till.data, cart.ref, { productId: cola._id })).invoice;
    expect(tapped).not.toBeNull();
    expect(comparable(tapped!)).toEqual(comparable(written));
    expect(tapped!.updatedAt).toBe(5);

    const scanned = previewAddLine(written, cola, rate, true, 6);
    const again = (await addLine(till.data, cart.ref, { barcodeNumber: cola.barcodeNumber })).invoice;
    expect(scanned!.products[0]!.quantity).toBe('2');
    expect(comparable(scanned!)).toEqual(comparable(again));
  });

  it('is null when the add would change nothing or be refused (addLine says why)', async () => {
    till = await localTill();
    const cart = await createCart(till.data, { customer: aishaOnInvoice, staff: seller });
    const withCola = (await addLine(till.data, cart.ref, { productId: cola._id })).invoice;
    expect(previewAddLine(withCola, cola, 0, false, 1)).toBeNull();
    expect(previewAddLine(cart, { ...rice, quantity: 0 }, 0, false, 1)).toBeNull();
  });
});

describe('which till commands carry an invoice’s whole state', () => {
  const ref = '5f0e8c1a-1111-4222-8333-944455556666';
  const customer: TillAction = { type: 'createCustomer', customerRef: 'c-1', payload: { ref: 'c-1', customerName: 'Rana', phoneNumber: '7700001' } };
  it('names the invoice save replaceable, the payment carrying, the delete a barrier, anything else nothing', () => {
    expect(tillCommandState({ action: saveInvoice(ref) })).toEqual({ key: ref, role: 'replaceable' });
    expect(tillCommandState({ action: payInvoice(ref) })).toEqual({ key: ref, role: 'carries' });
    expect(tillCommandState({ action: { type: 'deleteInvoice', invoiceRef: ref } })).toEqual({ key: ref, role: 'barrier' });
    expect(tillCommandState({ action: customer })).toBeNull();
    expect(tillCommandState({ action: { type: 'request', method: 'POST', path: `/invoice/${ref}/products` } })).toBeNull();
  });
});
