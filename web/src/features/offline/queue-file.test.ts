import { afterEach, describe, expect, it } from 'vitest';
import type { TillDb } from './local-db';
import { freshDb, payInvoice } from './offline-test-support';
import { enqueue, unsentCommands } from './outbox';
import { exportQueue, importQueue, parseQueueFile, QueueFileError, serialiseQueue } from './queue-file';
import type { NewCommand } from './types';

const dbs: TillDb[] = [];
const open = () => {
  const db = freshDb('shop-a');
  dbs.push(db);
  return db;
};
afterEach(() => dbs.splice(0).forEach((db) => db.close()));

const paid = { method: 'cash', invoice: { lines: [{ productId: 'p-1', quantity: '2' }] } };
const sale = (kind: string): NewCommand => ({ kind, action: payInvoice(`inv-${kind}`, paid) });

describe('queue file', () => {
  it('moves the unsent commands to another device, keeping ids and order, and skips ids already there', async () => {
    const tablet = open();
    const first = await enqueue(tablet, sale('first'), undefined, { now: 10 });
    const second = await enqueue(tablet, sale('second'), undefined, { now: 20 });
    const refused = await enqueue(tablet, sale('refused'));
    await tablet.outbox.update(refused.seq, { state: 'rejected' });
    await tablet.outbox.update(second.seq, { attempts: 3, nextAttemptAt: 99_999 });
    const text = await exportQueue(tablet, 'shop-a', 1234);

    const other = open();
    const own = await enqueue(other, sale('own'));
    await enqueue(other, sale('first'), undefined, { id: first.id });
    const file = parseQueueFile(text);
    expect(file).toMatchObject({ format: 'tillwise-outbox', version: 2, shopId: 'shop-a', exportedAt: 1234 });

    expect(await importQueue(other, file, 'shop-a')).toEqual({ added: 1, skipped: 1 });
    const queue = await unsentCommands(other);
    expect(queue.map((command) => command.id)).toEqual([own.id, first.id, second.id]);
    expect(queue[2]).toMatchObject({ kind: 'second', action: sale('second').action, createdAt: 20, attempts: 3, state: 'pending', nextAttemptAt: 0, undo: [] });

    // Importing the same file again adds nothing.
    expect(await importQueue(other, file, 'shop-a')).toEqual({ added: 0, skipped: 2 });
  });

  it('moves stock recorded offline too: an adjustment, a delivery and a count’s lines', async () => {
    const stockroom = open();
    const adjustment: NewCommand = {
      kind: 'adjustStock',
      action: { type: 'adjustStock', payload: { reason: 'damaged', note: '', ref: 'adj-1', lines: [{ productId: 'p-1', change: '-2' }] } },
    };
    const delivery: NewCommand = {
      kind: 'receiveStock',
      action: { type: 'receiveStock', payload: { supplier: 'Island Foods', reference: '', note: '', ref: 'rcv-1', lines: [{ productId: 'p-1', quantity: '12', unitCost: '6.60' }] } },
    };
    const counted: NewCommand = {
      kind: 'countStock',
      action: { type: 'countStock', countId: '4', payload: { lines: [{ productId: 'p-1', counted: '22' }], countedAt: 1000 } },
    };
    for (const command of [adjustment, delivery, counted]) await enqueue(stockroom, command);
    const other = open();
    expect(await importQueue(other, parseQueueFile(await exportQueue(stockroom, 'shop-a', 1)), 'shop-a')).toEqual({ added: 3, skipped: 0 });
    expect((await unsentCommands(other)).map(({ kind, action }) => ({ kind, action }))).toEqual([adjustment, delivery, counted]);
  });

  it('refuses another shop’s file', async () => {
    const file = parseQueueFile(serialiseQueue([], 'shop-b', 1));
    await expect(importQueue(open(), file, 'shop-a')).rejects.toThrow('The queue file belongs to another shop');
  });

  it.each([
    ['not JSON', 'nope', 'The file is not a queue export (not JSON)'],
    ['another format', '{"format":"x"}', 'The file is not a queue export'],
    ['a newer version', '{"format":"tillwise-outbox","version":3}', 'Queue file version 3 is not supported (expected 2)'],
    [
      'a command without a method',
      '{"format":"tillwise-outbox","version":1,"shopId":"s","exportedAt":1,"commands":[{"id":"a","kind":"k","path":"/x","createdAt":1}]}',
      'Command 1 in the queue file has no valid method',
    ],
    [
      'a key the server would refuse',
      '{"format":"tillwise-outbox","version":1,"shopId":"s","exportedAt":1,"commands":[{"id":"a b","kind":"k","method":"POST","path":"/x","createdAt":1}]}',
      'Command 1 in the queue file has no valid id',
    ],
    [
      'a command naming no invoice',
      '{"format":"tillwise-outbox","version":2,"shopId":"s","exportedAt":1,"commands":[{"id":"a","kind":"k","action":{"type":"payInvoice","payload":{}},"createdAt":1}]}',
      'Command 1 in the queue file names no invoice',
    ],
    [
      'a stock adjustment without its ref',
      '{"format":"tillwise-outbox","version":2,"shopId":"s","exportedAt":1,"commands":[{"id":"a","kind":"k","action":{"type":"adjustStock","payload":{"lines":[]}},"createdAt":1}]}',
      'Command 1 in the queue file carries no stock operation',
    ],
  ])('refuses %s with a clear message', (_label, text, message) => {
    expect(() => parseQueueFile(text)).toThrow(new QueueFileError(message));
  });

  it('imports an id repeated within one file once', async () => {
    const db = open();
    const text = JSON.stringify({
      format: 'tillwise-outbox',
      version: 1,
      shopId: 'shop-a',
      exportedAt: 1,
      commands: [
        { id: 'dup', kind: 'a', method: 'POST', path: '/x', createdAt: 1, attempts: 0 },
        { id: 'dup', kind: 'b', method: 'POST', path: '/x', createdAt: 2, attempts: 0 },
      ],
    });
    // The second "dup" is skipped as already present (imported just before, same transaction).
    expect(await importQueue(db, parseQueueFile(text), 'shop-a')).toEqual({ added: 1, skipped: 1 });
  });

  it('imports a file an earlier version wrote (each command as its request) as the till actions they were', async () => {
    const db = open();
    const text = JSON.stringify({
      format: 'tillwise-outbox',
      version: 1,
      shopId: 'shop-a',
      exportedAt: 1,
      commands: [
        { id: 'k-1', kind: 'addLine', method: 'PUT', path: '/till/invoices/r%201', body: { status: 'active' }, createdAt: 1, attempts: 0 },
        { id: 'k-2', kind: 'payCash', method: 'POST', path: '/till/invoices/r%201/payment', body: { method: 'cash' }, createdAt: 2, attempts: 1 },
        { id: 'k-3', kind: 'deleteOpenOrder', method: 'POST', path: '/till/invoices/r2/delete', createdAt: 3, attempts: 0 },
        { id: 'k-4', kind: 'createCustomer', method: 'POST', path: '/till/customers', body: { ref: 'c-1', customerName: 'Rana' }, createdAt: 4 },
      ],
    });
    expect(await importQueue(db, parseQueueFile(text), 'shop-a')).toEqual({ added: 4, skipped: 0 });
    expect((await unsentCommands(db)).map(({ id, action }) => ({ id, action }))).toEqual([
      { id: 'k-1', action: { type: 'saveInvoice', invoiceRef: 'r 1', payload: { status: 'active' } } },
      { id: 'k-2', action: { type: 'payInvoice', invoiceRef: 'r 1', payload: { method: 'cash' } } },
      { id: 'k-3', action: { type: 'deleteInvoice', invoiceRef: 'r2' } },
      { id: 'k-4', action: { type: 'createCustomer', customerRef: 'c-1', payload: { ref: 'c-1', customerName: 'Rana' } } },
    ]);
  });
});
