/** The till's shift against a real local database and sync engine, with a scripted server. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '@/test/core';
import { canonicalDecimal, subtractDecimal, sumDecimal } from '@/lib/decimal-text';
import { cola, water } from '@/features/catalog/testing';
import { shiftRefOf, type StoredCommand, type TillPaymentBody } from '@/features/offline';
import { bodyOf } from '@/features/offline/testing';
import { addLine, createCart } from './cart-commands';
import { aishaOnInvoice, localTill, payWhole, seller, type FakeAnswer } from './local-test-support';
import { pay } from './payment-commands';
import {
  closeShift, moveCash, NO_OPEN_SHIFT, OPEN_A_SHIFT, openShift, openShiftOf, reportOf, SHIFT_ALREADY_OPEN, takeServerShift,
} from './shift-commands';

beforeAll(loadCore);

let till: Awaited<ReturnType<typeof localTill>>;
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
});

const queued = () => till.db.outbox.orderBy('seq').toArray();
const syncNow = async () => {
  await till.engine.settled();
  return till.engine.drain({ ignoreBackoff: true });
};

/** A paid sale of `quantity` colas (9.00 each in the fixtures) by `method`. */
async function sell(quantity: string, method: 'cash' | 'internal-device' = 'cash') {
  const cart = await createCart(till.data, { customer: aishaOnInvoice, staff: seller });
  await addLine(till.data, cart.ref, { productId: cola._id }, quantity);
  return payWhole(till.data, cart.ref, method, { offline: true });
}

const paymentBody = async (ref: string) => {
  const command = (await queued()).find((one) => one.action.type === 'payInvoice' && one.action.invoiceRef === ref);
  return bodyOf(command!) as TillPaymentBody;
};

/** Answers the shift commands as the server does: a numbered shift. */
const numberingShifts = (command: StoredCommand): FakeAnswer => {
  const ref = shiftRefOf(command.action);
  if (ref && command.action.type !== 'moveCash') return { data: { _id: '7', ref, number: 'SH-000007' } };
  return { data: null };
};

describe("opening the till's shift", () => {
  it('writes the shift and queues its PUT with the counted float, numbered by the device', async () => {
    till = await localTill();
    const shift = await openShift(till.data, { openingFloat: '100.5', openedBy: 'Mina' });
    const device = (await till.db.device.get('device'))!;
    expect(shift).toMatchObject({ status: 'open', autoOpened: false, openingFloat: '100.50', openedBy: 'Mina', deviceCode: device.code });
    expect(shift.provisionalNumber).toBe(`${device.code}-0001`);
    const [command] = await queued();
    expect(command).toMatchObject({ kind: 'openShift', action: { type: 'openShift', shiftRef: shift._id } });
    expect(bodyOf(command!)).toEqual({ deviceCode: device.code, openingFloat: '100.50', openedAt: till.clock.now(), provisionalNumber: shift.provisionalNumber });
  });

  it('refuses a second open shift and queues nothing for it', async () => {
    till = await localTill();
    await openShift(till.data, { openingFloat: '0', openedBy: 'Mina' });
    await expect(openShift(till.data, { openingFloat: '10', openedBy: 'Mina' })).rejects.toThrow(SHIFT_ALREADY_OPEN);
    expect(await queued()).toHaveLength(1);
  });
});

describe('a sale in the shift', () => {
  it('names the open shift in its payment and counts in its X report', async () => {
    till = await localTill();
    const shift = await openShift(till.data, { openingFloat: '20', openedBy: 'Mina' });
    const cashSale = await sell('2');
    const swipeSale = await sell('1', 'internal-device');
    expect((await paymentBody(cashSale.ref)).shiftRef).toBe(shift._id);
    expect((await paymentBody(swipeSale.ref)).shiftRef).toBe(shift._id);
    const report = await reportOf(till.db, shift);
    expect(report).toMatchObject({ salesCount: 2, countedCash: null, difference: null });
    const net = (method: string) => canonicalDecimal(report.byMethod.find((one) => one.paymentMethod === method)!.net);
    expect(net('cash')).toBe(canonicalDecimal(cashSale.totalAmount));
    expect(net('internal-device')).toBe(canonicalDecimal(swipeSale.totalAmount));
    // Float 20 and the cash sale; the swipe sale is not in the drawer.
    expect(canonicalDecimal(report.expectedCash)).toBe(canonicalDecimal(sumDecimal(['20', cashSale.totalAmount])));
  });

  it('counts a sale paid in parts by its parts, and the drawer keeps the cash received less the change', async () => {
    till = await localTill();
    const shift = await openShift(till.data, { openingFloat: '20', openedBy: 'Mina' });
    const cart = await createCart(till.data, { customer: aishaOnInvoice, staff: seller });
    await addLine(till.data, cart.ref, { productId: cola._id }, '3');
    const paid = await pay(till.data, cart.ref, { tenders: [{ method: 'internal-device', amount: '10.01' }, { method: 'cash', amount: '50' }], cashRounding: '1' }, { offline: true });
    expect(paid.rounding).not.toBe('0.00');
    const report = await reportOf(till.db, shift);
    const method = (name: string) => report.byMethod.find((one) => one.paymentMethod === name)!;
    expect(method('internal-device')).toMatchObject({ salesCount: 1, sales: '10.01' });
    expect(canonicalDecimal(method('cash').sales)).toBe(canonicalDecimal(paid.tenders![1]!.amount));
    expect(report.cashRounding).toBe(paid.rounding);
    expect(canonicalDecimal(report.expectedCash)).toBe(canonicalDecimal(subtractDecimal(sumDecimal(['20', paid.cashReceived!]), paid.change!)));
  });

  it('opens a shift by itself at the first sale (float 0), which the next sale joins', async () => {
    till = await localTill();
    expect(await openShiftOf(till.db)).toBeUndefined();
    const first = await sell('1');
    const shift = (await openShiftOf(till.db))!;
    expect(shift).toMatchObject({ autoOpened: true, openingFloat: '0.00', provisionalNumber: '', openedBy: seller.staff });
    const second = await sell('1');
    expect((await paymentBody(first.ref)).shiftRef).toBe(shift._id);
    expect((await paymentBody(second.ref)).shiftRef).toBe(shift._id);
    // No open command: the first sale's payment opens it on the server under the same ref.
    expect((await queued()).some((command) => command.kind === 'openShift')).toBe(false);
  });

  it('is refused with nothing written when the shop requires an open shift', async () => {
    till = await localTill();
    await takeServerShift(till.db, true, null);
    const cart = await createCart(till.data, { customer: aishaOnInvoice, staff: seller });
    await addLine(till.data, cart.ref, { productId: water._id }, '1');
    const before = await queued();
    await expect(payWhole(till.data, cart.ref, 'cash', { offline: true })).rejects.toThrow(OPEN_A_SHIFT);
    expect(await queued()).toEqual(before);
    expect((await till.db.invoices.get(cart.ref))!.status).toBe('active');
    expect(await till.db.shiftEntries.count()).toBe(0);
  });

  it('leaves the shift when the server rejects the payment', async () => {
    till = await localTill((command) => (command.kind === 'payCash' ? { status: 409, message: 'Invoice INV-000042 is already paid' } : { data: null }));
    const shift = await openShift(till.data, { openingFloat: '0', openedBy: 'Mina' });
    await sell('1');
    expect((await reportOf(till.db, shift)).salesCount).toBe(1);
    till.goOnline();
    expect(await syncNow()).toMatchObject({ rejected: 1 });
    expect((await reportOf(till.db, shift)).salesCount).toBe(0);
  });
});

describe('cash movements and the close', () => {
  it('pays in and out, closes with a count by denomination, and the Z report shows the difference', async () => {
    till = await localTill(numberingShifts);
    const shift = await openShift(till.data, { openingFloat: '50', openedBy: 'Mina' });
    await moveCash(till.data, shift._id, { kind: 'payIn', amount: '10', reason: 'Change from the bank', by: 'Mina' });
    await moveCash(till.data, shift._id, { kind: 'payOut', amount: '5.5', reason: ' Milk ', by: 'Mina' });
    const movement = (await queued()).at(-1)!;
    expect(movement).toMatchObject({ kind: 'payOut', action: { type: 'moveCash', shiftRef: shift._id } });
    expect(bodyOf(movement)).toMatchObject({ kind: 'payOut', amount: '5.50', reason: 'Milk' });

    const counted = { denominations: [{ value: '20', count: '2' }, { value: '10', count: '1' }, { value: '0.50', count: '1' }] };
    const closed = await closeShift(till.data, shift._id, { counted, closedBy: 'Ali' });
    expect(closed).toMatchObject({ status: 'closed', closedBy: 'Ali', counted });
    expect(bodyOf((await queued()).at(-1)!)).toEqual({
      closedAt: till.clock.now(),
      denominations: [{ value: '20', count: 2 }, { value: '10', count: 1 }, { value: '0.50', count: 1 }],
    });
    const z = await reportOf(till.db, closed);
    expect(z).toMatchObject({ openingFloat: '50.00', payIns: '10.00', payOuts: '5.50', expectedCash: '54.50', countedCash: '50.50', difference: '-4.00' });

    // A closed shift takes no more cash movements.
    await expect(moveCash(till.data, shift._id, { kind: 'payIn', amount: '1', reason: 'Late', by: 'Mina' })).rejects.toThrow(NO_OPEN_SHIFT);

    // The server's numbers are kept for the shift once its commands are accepted.
    till.goOnline();
    expect(await syncNow()).toMatchObject({ rejected: 0 });
    expect(await till.db.shiftNumbers.get(shift._id)).toEqual({ ref: shift._id, serverId: '7', number: 'SH-000007' });
  });
});

describe("the server's open shift", () => {
  const server = {
    ref: '5b1f0c2e-1a2b-4c3d-8e4f-000000000001', serverId: '3', number: 'SH-000003', deviceCode: '7F3A', provisionalNumber: '',
    autoOpened: true, openingFloat: '0', openedAt: 1_000, openedBy: 'Mina',
  };

  it('becomes the till’s open shift when the till holds none', async () => {
    till = await localTill();
    await takeServerShift(till.db, false, server);
    expect(await openShiftOf(till.db)).toMatchObject({ _id: server.ref, status: 'open', autoOpened: true });
    expect(await till.db.shiftNumbers.get(server.ref)).toMatchObject({ number: 'SH-000003' });
    const sale = await sell('1');
    expect((await paymentBody(sale.ref)).shiftRef).toBe(server.ref);
  });

  it('leaves the till’s own open shift alone', async () => {
    till = await localTill();
    const own = await openShift(till.data, { openingFloat: '0', openedBy: 'Mina' });
    await takeServerShift(till.db, false, server);
    expect((await openShiftOf(till.db))!._id).toBe(own._id);
    expect(await till.db.shifts.count()).toBe(1);
  });
});
