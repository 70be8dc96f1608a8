// @vitest-environment happy-dom
/** Selling a gift card at the till: the drawer's pay in when cash goes into an open shift, and the card's balance kept. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { envelope } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { localTill } from '../local/local-test-support';
import { movementsOf, openShift, reportOf } from '../local/shift-commands';
import { sellGiftCard } from './sell-gift-card';

let till: Awaited<ReturnType<typeof localTill>>;
let server: ReturnType<typeof stubServer>;
const sold = (balance: number, kind = 'sold') =>
  envelope(201, {
    message: 'Gift card sold',
    data: {
      card: { number: 'GC00017788', balance, createdAt: '2025-03-05T09:45:00Z' },
      entry: { _id: 'e-1', kind, amount: 50, invoiceId: null, method: 'cash', createdAt: '2025-03-05T09:45:00Z' },
    },
  });
const sale = { ref: 'gift-1', number: 'GC00017788', amount: '50', by: 'Mina' };

beforeAll(loadCore);
beforeEach(async () => {
  till = await localTill();
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
});
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
  vi.unstubAllGlobals();
});

describe('selling a gift card at the till', () => {
  it('sends a cash sale naming the open shift once the shift is sent, and the shift’s report counts it as paid in, once', async () => {
    const shift = await openShift(till.data, { openingFloat: '100', openedBy: 'Mina' });
    till.goOnline();
    server.answers['POST /api/v1/gift-card'] = () => {
      // The server must know the shift before the sale names it.
      expect(till.sent.map((command) => command.action.type)).toEqual(['openShift']);
      return sold(50);
    };
    const answer = await sellGiftCard(till.data, { ...sale, method: 'cash' });
    // Sent again (a retry of the same sale), it is counted once.
    await sellGiftCard(till.data, { ...sale, method: 'cash' });

    expect(answer.card).toEqual({ number: 'GC00017788', balance: '50', createdAt: '2025-03-05T09:45:00Z' });
    expect(server.requests().map((request) => request.body)).toEqual([
      { number: 'GC00017788', amount: '50', method: 'cash', ref: 'gift-1', shiftRef: shift._id },
      { number: 'GC00017788', amount: '50', method: 'cash', ref: 'gift-1', shiftRef: shift._id },
    ]);
    expect(await movementsOf(till.db, shift._id)).toEqual([
      expect.objectContaining({ kind: 'payIn', amount: '50.00', reason: 'Gift card GC00017788 sold', by: 'Mina', ref: 'gift-1' }),
    ]);
    expect((await reportOf(till.db, shift)).payIns).toBe('50.00');
  });

  it('says a card sold before was loaded, as the server’s pay in does', async () => {
    const shift = await openShift(till.data, { openingFloat: '100', openedBy: 'Mina' });
    till.goOnline();
    server.answers['POST /api/v1/gift-card'] = sold(70, 'load');
    await sellGiftCard(till.data, { ...sale, amount: '20', method: 'cash' });
    expect(await movementsOf(till.db, shift._id)).toEqual([
      expect.objectContaining({ kind: 'payIn', amount: '20.00', reason: 'Gift card GC00017788 loaded', ref: 'gift-1' }),
    ]);
  });

  it('keeps the card’s new balance, so the card can pay offline later', async () => {
    server.answers['POST /api/v1/gift-card'] = sold(70, 'load');
    await sellGiftCard(till.data, { ...sale, method: 'internal-device' });
    expect(await till.db.giftCards.get('GC00017788')).toEqual({ number: 'GC00017788', balance: '70', learntAt: till.clock.now() });
  });

  it('names no shift for a swipe sale, nor without a shift open, and keeps nothing when the server refuses', async () => {
    server.answers['POST /api/v1/gift-card'] = sold(50);
    await sellGiftCard(till.data, { ...sale, method: 'cash' });
    const shift = await openShift(till.data, { openingFloat: '100', openedBy: 'Mina' });
    await sellGiftCard(till.data, { ...sale, ref: 'gift-2', method: 'internal-device' });
    expect(server.requests().map((request) => request.body)).toEqual([
      { number: 'GC00017788', amount: '50', method: 'cash', ref: 'gift-1' },
      { number: 'GC00017788', amount: '50', method: 'internal-device', ref: 'gift-2' },
    ]);
    expect(await movementsOf(till.db, shift._id)).toEqual([]);

    await till.db.giftCards.clear();
    server.answers['POST /api/v1/gift-card'] = envelope(409, { message: 'This gift card ref was recorded with other details' });
    await expect(sellGiftCard(till.data, { ...sale, ref: 'gift-3', method: 'cash' })).rejects.toThrow('This gift card ref was recorded with other details');
    expect(await till.db.giftCards.count()).toBe(0);
    expect(await movementsOf(till.db, shift._id)).toEqual([]);
  });
});
