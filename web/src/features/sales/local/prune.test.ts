import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '@/test/core';
import { cartWithLines } from '../cart/till-test-fixtures';
import { asLocal, refOf } from './local-route-support';
import { localTill } from './local-test-support';
import { payInvoice } from '@/features/offline/testing';
import { pruneSettledInvoices } from './prune';

beforeAll(loadCore);

async function tillWithSales(count: number) {
  const till = await localTill();
  const template = cartWithLines();
  const sales = Array.from({ length: count }, (_, index) =>
    asLocal({ ...template, _id: `inv-${index + 1}` }, { status: 'paid', updatedAt: 1_000 + index }),
  );
  await till.db.invoices.bulkPut(sales);
  await till.db.invoiceNumbers.bulkPut(sales.map((sale, index) => ({ ref: sale.ref, serverId: String(index + 1), invoiceNumber: `INV-${index + 1}` })));
  return till;
}

const prune = (till: Awaited<ReturnType<typeof localTill>>, keep: number, slack = 0) =>
  till.db.transaction('rw', till.db.invoices, till.db.invoiceNumbers, till.db.outbox, () => pruneSettledInvoices(till.db, keep, slack));

describe('keeping the recent sales only', () => {
  it('removes the oldest settled sales beyond the limit, with their numbers', async () => {
    const till = await tillWithSales(5);
    expect(await prune(till, 3)).toBe(2);
    expect((await till.db.invoices.toArray()).map((invoice) => invoice.ref).sort()).toEqual([refOf('inv-3'), refOf('inv-4'), refOf('inv-5')].sort());
    expect(await till.db.invoiceNumbers.get(refOf('inv-1'))).toBeUndefined();
    expect(await till.db.invoiceNumbers.get(refOf('inv-5'))).toBeDefined();
  });

  it('keeps a sale an outbox command still names, and every open cart', async () => {
    const till = await tillWithSales(4);
    await till.db.invoices.put(asLocal({ ...cartWithLines(), _id: 'inv-9' }, { status: 'active', updatedAt: 1 }));
    await till.db.outbox.add({
      id: 'c-1', kind: 'payCash', action: payInvoice(refOf('inv-1')), createdAt: 1,
      state: 'rejected', attempts: 1, nextAttemptAt: 0, undo: [],
    });
    expect(await prune(till, 2)).toBe(1);
    const left = (await till.db.invoices.toArray()).map((invoice) => invoice.ref).sort();
    expect(left).toEqual([refOf('inv-1'), refOf('inv-3'), refOf('inv-4'), refOf('inv-9')].sort());
  });

  it('does nothing within the limit, or until the slack past it is used up', async () => {
    const till = await tillWithSales(3);
    expect(await prune(till, 3)).toBe(0);
    expect(await prune(till, 2, 1)).toBe(0);
    expect(await till.db.invoices.count()).toBe(3);
    expect(await prune(till, 1, 1)).toBe(2);
  });
});
