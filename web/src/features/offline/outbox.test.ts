import { afterEach, describe, expect, it } from 'vitest';
import { rollBack, sameValue } from './local-change';
import type { TillDb } from './local-db';
import { freshDb, request, saveInvoice } from './offline-test-support';
import { countUnsent, dismissRejected, enqueue, unsentAfter, rejectedCommands, unsentCommands } from './outbox';
import type { Customer, NewCommand } from './types';

const rana: Customer = {
  _id: 'cus-1',
  customerName: 'Rana',
  phoneNumber: '7700001',
  email: '',
  loyalityPoint: 120,
  pointAmount: 1.2,
  createdAt: 1,
  updatedAt: 1,
};

const redeem: NewCommand = { kind: 'redeem', action: saveInvoice('inv-1', { redeemAmount: '20' }) };

let db: TillDb;
afterEach(() => db?.close());

describe('enqueue', () => {
  it('writes the local change and the command together, with what undoes the change', async () => {
    db = freshDb();
    await db.customers.put(rana);
    const command = await enqueue(db, redeem, async (tables) => {
      const customer = await tables.get('customers', 'cus-1');
      await tables.put('customers', { ...customer!, loyalityPoint: 100 });
      await tables.put('customers', { ...customer!, loyalityPoint: 90 });
    });

    expect(command).toMatchObject({ kind: 'redeem', action: { type: 'saveInvoice', invoiceRef: 'inv-1' }, state: 'pending', attempts: 0, nextAttemptAt: 0 });
    expect(command.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await db.customers.get('cus-1'))?.loyalityPoint).toBe(90);
    // One step per row: as it was before the first write and as the last write left it.
    expect(command.undo).toEqual([{ table: 'customers', key: 'cus-1', before: rana, after: { ...rana, loyalityPoint: 90 } }]);
    expect(await db.outbox.get(command.seq)).toEqual(command);
  });

  it('writes neither when the local change throws', async () => {
    db = freshDb();
    await db.customers.put(rana);
    const failing = enqueue(db, redeem, async (tables) => {
      await tables.put('customers', { ...rana, loyalityPoint: 0 });
      throw new Error('not enough points');
    });
    await expect(failing).rejects.toThrow('not enough points');
    expect(await db.customers.get('cus-1')).toEqual(rana);
    expect(await db.outbox.count()).toBe(0);
  });

  it('writes neither when the command cannot be stored', async () => {
    db = freshDb();
    await db.customers.put(rana);
    await enqueue(db, redeem, undefined, { id: 'same-id' });
    // A second command with an id already queued breaks the outbox's unique index.
    const failing = enqueue(db, redeem, (tables) => tables.put('customers', { ...rana, loyalityPoint: 0 }), { id: 'same-id' });
    await expect(failing).rejects.toThrow();
    expect(await db.customers.get('cus-1')).toEqual(rana);
    expect(await db.outbox.count()).toBe(1);
  });

  it('records a row created by the change as absent before, and a deleted one as absent after', async () => {
    db = freshDb();
    await db.customers.put(rana);
    const command = await enqueue(db, { kind: 'swap', action: request('POST', '/x') }, async (tables) => {
      await tables.put('customers', { ...rana, _id: 'cus-2' });
      await tables.delete('customers', 'cus-1');
      await tables.delete('customers', 'nobody');
    });
    expect(command.undo).toEqual([
      { table: 'customers', key: 'cus-2', before: null, after: { ...rana, _id: 'cus-2' } },
      { table: 'customers', key: 'cus-1', before: rana, after: null },
    ]);

    await db.transaction('rw', db.customers, () => rollBack(db, command.undo));
    expect(await db.customers.toArray()).toEqual([rana]);
  });

  it('keeps the queue in the order commands were enqueued', async () => {
    db = freshDb();
    const first = await enqueue(db, { ...redeem, kind: 'first' });
    const second = await enqueue(db, { ...redeem, kind: 'second' });
    expect(second.seq).toBeGreaterThan(first.seq);
    expect((await unsentCommands(db)).map((command) => command.kind)).toEqual(['first', 'second']);
    expect((await unsentAfter(db, 0, 1)).map((command) => command.id)).toEqual([first.id]);
    expect((await unsentAfter(db, first.seq, 10)).map((command) => command.id)).toEqual([second.id]);
  });
});

describe('rollback', () => {
  it('leaves a row a later change has moved, and counts it as a conflict', async () => {
    db = freshDb();
    await db.customers.put(rana);
    const command = await enqueue(db, redeem, (tables) => tables.put('customers', { ...rana, loyalityPoint: 100 }));
    await db.customers.put({ ...rana, loyalityPoint: 50 });

    const result = await db.transaction('rw', db.customers, () => rollBack(db, command.undo));
    expect(result).toEqual({ restored: 0, conflicts: 1 });
    expect((await db.customers.get('cus-1'))?.loyalityPoint).toBe(50);
  });

  it('compares rows by value', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});

describe('queue state', () => {
  it('counts pending and sending commands, not rejected ones, and dismisses only rejected ones', async () => {
    db = freshDb();
    const pending = await enqueue(db, redeem);
    const sending = await enqueue(db, redeem);
    const rejected = await enqueue(db, redeem);
    await db.outbox.update(sending.seq, { state: 'sending' });
    await db.outbox.update(rejected.seq, { state: 'rejected', lastError: 'Invoice not found' });

    expect(await countUnsent(db)).toBe(2);
    expect((await rejectedCommands(db)).map((command) => command.id)).toEqual([rejected.id]);
    expect(await dismissRejected(db, pending.id)).toBe(false);
    expect(await dismissRejected(db, rejected.id)).toBe(true);
    expect(await dismissRejected(db, 'unknown')).toBe(false);
    expect(await db.outbox.count()).toBe(2);
  });
});
