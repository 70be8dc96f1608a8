/** A cash top-up of store credit goes into the till's open shift, as the server's pay in. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { localTill } from './local-test-support';
import { movementsOf, openShift, reportOf } from './shift-commands';
import { topUpInShift } from './store-credit-top-up';

let till: Awaited<ReturnType<typeof localTill>>;

beforeAll(loadCore);
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
});

const topUp = { ref: 'top-up-1', amount: '25', customerName: 'Aisha Ali', by: 'Mina' };

describe('a store credit top-up and the till’s shift', () => {
  it('sends a cash top-up naming the open shift, whose report then counts it as paid in', async () => {
    till = await localTill();
    const shift = await openShift(till.data, { openingFloat: '100', openedBy: 'Mina' });
    const send = vi.fn(async (shiftRef?: string) => ({ balance: 25, shiftRef }));
    await topUpInShift(till.data, { ...topUp, method: 'cash' }, send);
    // Sent again (a retry of the same top-up), it is counted once.
    await topUpInShift(till.data, { ...topUp, method: 'cash' }, send);
    expect(send).toHaveBeenCalledWith(shift._id);
    expect(await movementsOf(till.db, shift._id)).toEqual([
      expect.objectContaining({ kind: 'payIn', amount: '25.00', reason: 'Store credit for Aisha Ali', by: 'Mina', ref: 'top-up-1' }),
    ]);
    expect((await reportOf(till.db, shift)).payIns).toBe('25.00');
  });

  it('has the till pull the customers afterwards, so its copy of the balance catches up', async () => {
    till = await localTill();
    const pullNow = vi.fn(async () => undefined);
    await topUpInShift({ ...till.data, pullNow }, { ...topUp, method: 'internal-device' }, async () => null);
    expect(pullNow).toHaveBeenCalledTimes(1);
  });

  it('names no shift for a swipe top-up, nor without a shift open', async () => {
    till = await localTill();
    const send = vi.fn(async (shiftRef?: string) => shiftRef);
    await topUpInShift(till.data, { ...topUp, method: 'cash' }, send);
    expect(send).toHaveBeenLastCalledWith();
    const shift = await openShift(till.data, { openingFloat: '100', openedBy: 'Mina' });
    await topUpInShift(till.data, { ...topUp, method: 'internal-device' }, send);
    expect(send).toHaveBeenLastCalledWith();
    expect(await movementsOf(till.db, shift._id)).toEqual([]);
  });
});
