/**
 * Stock recorded on a device that cannot reach the server goes into the till's outbox under its
 * ref, moves the device's stock figure at once, and is sent once when the network returns; a
 * refusal then puts the figure back.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TillAction } from '@/features/offline';
import { tillRequest } from '@/features/offline/testing';
import { localTill } from '@/features/sales/testing';
import { ApiError } from '@/lib/api-client';
import { loadCore } from '@/test/core';
import { loadBackOffice } from '@/test/back-office-core';
import type { StockCount } from './api/counts-api';
import { countedOnDevice } from './count-lines';
import { sendOrQueue, unsentCountEntries } from './offline-stock';

let till: Awaited<ReturnType<typeof localTill>>;

beforeAll(async () => {
  await loadCore();
  await loadBackOffice();
});
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
});

const unreachable = () => Promise.reject(new ApiError(0, 'Failed to fetch'));

const adjustment = {
  reason: 'damaged',
  note: 'Dropped',
  ref: 'adj-1',
  lines: [
    { productId: 'prod-1', change: '-2' },
    { productId: 'prod-2', change: '-0.25' },
  ],
};
const adjustAction: TillAction = { type: 'adjustStock', payload: adjustment };
const queuedAdjustment = {
  kind: 'adjustStock' as const,
  action: adjustAction,
  stockChanges: new Map([
    ['prod-1', '-2'],
    ['prod-2', '-0.25'],
  ]),
};

describe('stock recorded without a connection', () => {
  it('queues the adjustment under its ref and takes the stock off the device’s figures at once', async () => {
    till = await localTill();
    const outcome = await sendOrQueue(till.data, unreachable, queuedAdjustment);
    expect(outcome).toEqual({ queued: true });
    expect((await till.db.products.get('prod-1'))?.quantity).toBe(22);
    expect((await till.db.products.get('prod-2'))?.quantity).toBe(12.25);
    const [command] = await till.db.outbox.toArray();
    expect(command?.kind).toBe('adjustStock');
    expect(tillRequest(command!.action)).toEqual({ method: 'POST', path: '/stock/adjustments', body: adjustment });
  });

  it('sends it once when the network returns, with the same ref', async () => {
    till = await localTill(() => ({ data: { _id: '9', ...adjustment } }));
    await sendOrQueue(till.data, unreachable, queuedAdjustment);
    till.goOnline();
    await till.engine.drain({ ignoreBackoff: true });
    await till.engine.drain({ ignoreBackoff: true });
    expect(till.sent.map((command) => tillRequest(command.action).body)).toEqual([adjustment]);
    expect(await till.db.outbox.count()).toBe(0);
  });

  it('puts the device’s figures back when the server refuses it then', async () => {
    till = await localTill(() => ({ status: 400, message: 'Line 1: Only 1 on hand: at most 1 can be taken off' }));
    await sendOrQueue(till.data, unreachable, queuedAdjustment);
    till.goOnline();
    await till.engine.drain({ ignoreBackoff: true });
    expect((await till.db.products.get('prod-1'))?.quantity).toBe(24);
    expect((await till.db.products.get('prod-2'))?.quantity).toBe(12.5);
    const [rejected] = await till.db.outbox.toArray();
    expect(rejected?.state).toBe('rejected');
    expect(rejected?.lastError).toBe('Line 1: Only 1 on hand: at most 1 can be taken off');
  });

  it('answers the server’s answer when it is reachable, and queues nothing', async () => {
    till = await localTill();
    const send = vi.fn(async () => ({ _id: '9' }));
    expect(await sendOrQueue(till.data, send, queuedAdjustment)).toEqual({ sent: { _id: '9' } });
    expect(await till.db.outbox.count()).toBe(0);
    expect((await till.db.products.get('prod-1'))?.quantity).toBe(24);
  });

  it('lets a refusal through as it is, queuing nothing', async () => {
    till = await localTill();
    const refused = () => Promise.reject(new ApiError(400, 'Supplier is required'));
    await expect(sendOrQueue(till.data, refused, queuedAdjustment)).rejects.toThrow('Supplier is required');
    expect(await till.db.outbox.count()).toBe(0);
    expect((await till.db.products.get('prod-1'))?.quantity).toBe(24);
  });

  it('queues a count’s later entry behind its earlier one, so the later one is what the server keeps', async () => {
    till = await localTill();
    const entry = (counted: string, countedAt: number): TillAction => ({
      type: 'countStock',
      countId: '4',
      payload: { lines: [{ productId: 'prod-1', counted }], countedAt },
    });
    await sendOrQueue(till.data, unreachable, { kind: 'countStock', action: entry('20', 1000) });
    expect(await unsentCountEntries(till.db, '4')).toBe(1);
    expect(await unsentCountEntries(till.db, '5')).toBe(0);
    const send = vi.fn(async () => ({}));
    await sendOrQueue(till.data, send, { kind: 'countStock', action: entry('21', 2000) }, true);
    expect(send).not.toHaveBeenCalled();
    const queued = await till.db.outbox.toArray();
    expect(queued.map((command) => tillRequest(command.action))).toEqual([
      { method: 'PUT', path: '/stock/counts/4/lines', body: { lines: [{ productId: 'prod-1', counted: '20' }], countedAt: 1000 } },
      { method: 'PUT', path: '/stock/counts/4/lines', body: { lines: [{ productId: 'prod-1', counted: '21' }], countedAt: 2000 } },
    ]);
    // A count's lines move no stock until the count is posted.
    expect((await till.db.products.get('prod-1'))?.quantity).toBe(24);
  });
});

const openCount: StockCount = {
  _id: '4', status: 'open', categoryId: null, categoryName: null, note: '', startedAt: 0, startedBy: 'Aisha', closedAt: null, closedBy: null,
  lines: [
    { productId: 'p-cola', productName: 'Cola', barcode: null, unit: 'no', expected: 24, counted: 24, difference: 0, costValue: 0, unitCost: 6 },
    { productId: 'p-rice', productName: 'Rice', barcode: null, unit: 'kg', expected: 5, counted: null, difference: null, costValue: null, unitCost: 2 },
  ],
  summary: { linesCounted: 1, linesDifferent: 0, shortCostValue: 0, overCostValue: 0, netCostValue: 0 },
};

describe('a count entered on the device', () => {
  it('shows the line’s difference and the summary as core computes them', () => {
    const count = countedOnDevice(openCount, 'p-rice', '4.5');
    const rice = count.lines.find((line) => line.productId === 'p-rice');
    expect(rice).toMatchObject({ counted: 4.5, difference: -0.5, costValue: -1 });
    expect(count.summary).toMatchObject({ linesCounted: 2, linesDifferent: 1, shortCostValue: -1, overCostValue: 0, netCostValue: -1 });
  });
});
