import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { subtractDecimal } from '@/lib/decimal-text';
import { envelope } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { loadCore } from '@/test/core';
import { cartWithLines } from '../cart/till-test-fixtures';
import { asLocal } from './local-route-support';
import { localTill } from './local-test-support';
import { recordCardPaid } from './card-paid';
import { openShift, openShiftOf, reportOf } from './shift-commands';

const paidByCard = (ref: string) => ({
  ...cartWithLines(),
  ref,
  status: 'paid' as const,
  paidAt: 1_790_000_000_000,
  updatedAt: 1_790_000_000_000,
  paymentMethod: 'digital' as const,
  cardStatus: 'paid' as const,
});

beforeAll(loadCore);
afterEach(() => vi.unstubAllGlobals());

describe('a card payment confirmed by the server', () => {
  it('marks the till’s own copy paid and pulls the stock and points it moved', async () => {
    const till = await localTill();
    const held = asLocal(cartWithLines());
    await till.db.invoices.put(held);
    const pullNow = vi.fn(async () => {});
    expect(await recordCardPaid({ ...till.data, pullNow }, paidByCard(held.ref))).toBe(true);
    expect(await till.db.invoices.get(held.ref)).toMatchObject({
      status: 'paid',
      paymentMethod: 'digital',
      cardStatus: 'paid',
      paidAt: 1_790_000_000_000,
      products: held.products,
    });
    expect(pullNow).toHaveBeenCalledTimes(1);
    expect(await till.db.outbox.count()).toBe(0);
  });

  it('leaves alone an invoice the till does not hold, or one not paid', async () => {
    const till = await localTill();
    expect(await recordCardPaid(till.data, paidByCard('00000000-0000-4000-8000-000000000099'))).toBe(false);
    const held = asLocal(cartWithLines());
    await till.db.invoices.put(held);
    expect(await recordCardPaid(till.data, { ...paidByCard(held.ref), status: 'active' })).toBe(false);
    expect((await till.db.invoices.get(held.ref))?.status).toBe(held.status);
  });

  it('counts the card sale in the till’s open shift', async () => {
    const till = await localTill();
    const shift = await openShift(till.data, { openingFloat: '10', openedBy: 'Mina' });
    const held = asLocal(cartWithLines());
    await till.db.invoices.put(held);
    await recordCardPaid(till.data, paidByCard(held.ref));
    const report = await reportOf(till.db, shift);
    expect(report.salesCount).toBe(1);
    expect(report.byMethod.find((method) => method.paymentMethod === 'digital')?.salesCount).toBe(1);
    // Card money is not in the drawer.
    expect(report.expectedCash).toBe('10.00');
  });

  it('counts a sale the card paid the rest of by its parts: the cash part is in the drawer', async () => {
    const till = await localTill();
    const shift = await openShift(till.data, { openingFloat: '10', openedBy: 'Mina' });
    const held = asLocal(cartWithLines());
    await till.db.invoices.put(held);
    const tenders = [
      { method: 'cash' as const, amount: '20.00', refunded: '0' },
      { method: 'digital' as const, amount: subtractDecimal(held.totalAmount, '20'), refunded: '0' },
    ];
    await recordCardPaid(till.data, { ...paidByCard(held.ref), tenders, cashReceived: '20.00', change: '0.00', rounding: '0' });
    const report = await reportOf(till.db, shift);
    expect(report.salesCount).toBe(1);
    expect(report.expectedCash).toBe('30.00');
    expect(await till.db.invoices.get(held.ref)).toMatchObject({ status: 'paid', tenders, cashReceived: '20.00' });
  });

  it('takes the shift the server opened for a first sale paid by card, and counts the sale in it', async () => {
    const till = await localTill();
    const held = asLocal(cartWithLines());
    await till.db.invoices.put(held);
    await till.db.device.put({ key: 'device', code: '7F3A', next: 2 });
    const server = stubServer();
    server.answers['GET /api/v1/till/shifts/current?deviceCode=7F3A'] = envelope(200, {
      data: {
        _id: '9', ref: '5b1f0c2e-1a2b-4c3d-8e4f-000000000009', number: 'SH-000009', deviceCode: '7F3A', provisionalNumber: '',
        status: 'open', autoOpened: true, openedBy: 'Mina', openedAt: 1_790_000_000_000, openingFloat: 0,
      },
    });
    vi.stubGlobal('fetch', server.fetchMock);
    await recordCardPaid(till.data, paidByCard(held.ref));
    const shift = (await openShiftOf(till.db))!;
    expect(shift).toMatchObject({ _id: '5b1f0c2e-1a2b-4c3d-8e4f-000000000009', autoOpened: true, openingFloat: '0' });
    expect(await till.db.shiftNumbers.get(shift._id)).toMatchObject({ number: 'SH-000009' });
    expect((await reportOf(till.db, shift)).salesCount).toBe(1);
  });
});
