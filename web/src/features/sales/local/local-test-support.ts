/**
 * A till's local data for tests: a fresh IndexedDB with the catalogue fixtures and two
 * customers, a real sync engine whose `send` is a fake server the test scripts, and the
 * reconcile the runtime uses. Tests only.
 */
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { categories, products } from '@/features/catalog/testing';
import {
  FakeClock, freshDb, recordingStatus, createSyncEngine, type SendCommand,
} from '@/features/offline/testing';
import type { Customer, StoredCommand } from '@/features/offline';
import { ApiError } from '@/lib/api-client';
import { reconcileTillAnswers } from './reconcile';
import { pay, type PaymentOptions, type TillPaymentMethod } from './payment-commands';
import type { TillData } from './till-data';

// Dexie's liveQuery runs its queries only where Dexie found an IndexedDB when it loaded (as in
// a browser), whatever IndexedDB the database itself was given: tests have none, so name one.
Dexie.dependencies.indexedDB ??= new IDBFactory();
Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;

export const aishaRow: Customer = {
  _id: 'c-1', customerName: 'Aisha Ali', phoneNumber: '7771234', email: '', loyalityPoint: 12.5, pointAmount: 12.5, createdAt: 1, updatedAt: 1,
};
export const hassanRow: Customer = { ...aishaRow, _id: 'c-2', customerName: 'Hassan Naseer', phoneNumber: '7785555', loyalityPoint: 0 };
/** The shop's walk-in customer, as every shop has one: no phone number, no points. */
export const walkInRow: Customer = {
  ...aishaRow, _id: 'c-walk-in', customerName: 'Walk-in customer', phoneNumber: '', loyalityPoint: 0, pointAmount: 0, walkIn: true,
};
export const aishaOnInvoice = { _id: 'c-1', customerName: 'Aisha Ali', phoneNumber: '7771234', loyalityPoint: '12.5' };
export const seller = { staffId: 'user-1', staff: 'Aisha (staff)' };

/** What the fake server does with a command: answer data, or refuse it with a status. */
export type FakeAnswer = { data: unknown } | { status: number; message: string };

export async function localTill(answer: (command: StoredCommand) => FakeAnswer = () => ({ data: null })) {
  const db = freshDb();
  await db.transaction('rw', db.products, db.categories, db.customers, async () => {
    await db.products.bulkPut(products);
    await db.categories.bulkPut(categories);
    await db.customers.bulkPut([aishaRow, hassanRow, walkInRow]);
  });
  const clock = new FakeClock();
  const status = recordingStatus();
  const sent: StoredCommand[] = [];
  let online = false;
  const send: SendCommand = async (command) => {
    if (!online) throw new TypeError('Failed to fetch');
    sent.push(command);
    const reply = answer(command);
    if ('status' in reply) throw new ApiError(reply.status, reply.message);
    return reply.data;
  };
  const engine = createSyncEngine({ db, clock, status, send, lock: (pass) => pass(), reconcile: reconcileTillAnswers });
  const data: TillData = { db, engine, now: clock.now };
  return {
    db,
    clock,
    status,
    engine,
    data,
    sent,
    /** Lets the fake server answer (the engine's next drain sends the queue). */
    goOnline: () => void (online = true),
    goOffline: () => void (online = false),
  };
}

/** Pays the whole of the open invoice `ref` by one method, cash exact, with no cash rounding. */
export async function payWhole(data: TillData, ref: string, method: TillPaymentMethod, options: PaymentOptions) {
  const invoice = await data.db.invoices.get(ref);
  return pay(data, ref, { tenders: [{ method, amount: invoice?.totalAmount ?? '0' }], cashRounding: '0' }, options);
}
