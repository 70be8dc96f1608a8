import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDbName, openLocalDb, type TillDb } from './local-db';
import { databaseBeforeTheLog, envelope, FakeClock, freshDb, idempotentServer, localProduct, recordingStatus } from './offline-test-support';
import { createSyncEngine } from './sync-engine';
import type { Customer, Product } from './types';

const product = (id: string, productName: string, barcodeNumber: string): Product => localProduct({ _id: id, productName, barcodeNumber });

let db: TillDb;

/** The stores of versions 5 and 6 (version 6 changed rows, not stores). */
const storesOfVersion5 = {
  products: '_id, barcodeNumber',
  categories: '_id, categoryName',
  customers: '_id, phoneNumber, customerName',
  syncState: 'resource',
  outbox: '++seq, &id, state',
  invoices: '_id, status, updatedAt, customer._id',
  invoiceNumbers: 'ref',
  device: 'key',
  productChanges: '++seq',
  catalogSnapshot: 'key',
  catalogStaging: 'cursor',
  catalogFill: 'key',
};
afterEach(() => {
  vi.unstubAllGlobals();
  db?.close();
});

describe('local database', () => {
  it('is one database per shop', () => {
    expect(localDbName('shop-7')).toBe('tillwise-shop-7');
    expect(() => openLocalDb('')).toThrow('A local database needs the shop id');
  });

  it('finds products by barcode and customers by phone', async () => {
    db = freshDb();
    await db.products.bulkPut([product('p-1', 'Orange juice', '5000112'), product('p-2', 'Oat milk', '5000113'), product('p-3', 'Bread', '')]);
    const customer: Customer = { _id: 'c-1', customerName: 'Rana', phoneNumber: '7700001', email: '', loyalityPoint: 0, pointAmount: 0, createdAt: 1, updatedAt: 1 };
    await db.customers.put(customer);

    expect((await db.products.where('barcodeNumber').equals('5000113').first())?._id).toBe('p-2');
    expect(await db.customers.where('phoneNumber').equals('7700001').first()).toEqual(customer);
  });

  it('upgrades a version 1 database to version 2, keeping its rows and queue', async () => {
    const options = { indexedDB: new IDBFactory(), IDBKeyRange };
    const old = new Dexie(localDbName('shop-up'), options);
    old.version(1).stores({
      products: '_id, barcodeNumber, productName, category._id',
      categories: '_id, categoryName',
      customers: '_id, phoneNumber, customerName',
      syncState: 'resource',
      outbox: '++seq, &id, state',
    });
    await old.table('products').put(product('p-1', 'Cola', '111'));
    await old.table('outbox').add({ id: 'cmd-1', kind: 'addLine', state: 'pending' });
    old.close();

    db = openLocalDb('shop-up', options);
    expect(await db.products.get('p-1')).toEqual(product('p-1', 'Cola', '111'));
    expect(await db.outbox.count()).toBe(1);
    await db.invoiceNumbers.put({ ref: 'r-1', serverId: '42', invoiceNumber: 'INV-000042' });
    await db.device.put({ key: 'device', code: '7F3A', next: 13 });
    expect(await db.invoices.where('status').equals('saved').count()).toBe(0);
    expect(await db.invoiceNumbers.get('r-1')).toMatchObject({ serverId: '42' });
  });

  it('upgrades a version 2 invoice to name its seller as text, as the server does', async () => {
    const { old, options } = databaseBeforeTheLog('shop-v2', 2);
    await old.table('invoices').put({ _id: 'r-1', ref: 'r-1', status: 'saved', updatedAt: 1, staff: { _id: 'user-2', userName: 'Ben' } });
    await old.table('invoices').put({ _id: 'r-2', ref: 'r-2', status: 'paid', updatedAt: 2, staff: { _id: null, userName: 'Gone' } });
    old.close();

    db = openLocalDb('shop-v2', options);
    expect(await db.invoices.get('r-1')).toMatchObject({ staff: 'Ben', staffId: 'user-2' });
    expect(await db.invoices.get('r-2')).toMatchObject({ staff: 'Gone', staffId: null });
    expect(await db.invoices.where('status').equals('saved').count()).toBe(1);
  });

  it('upgrades a queue stored as requests (before version 6) to till actions that still sync, each once under its own key', async () => {
    const options = { indexedDB: new IDBFactory(), IDBKeyRange };
    const old = new Dexie(localDbName('shop-v5'), options);
    old.version(5).stores(storesOfVersion5);
    const sale = { customerId: 'c-1', status: 'active', provisionalNumber: '7F3A-0001', createdAt: 1, redeemAmount: '0', lines: [] };
    const payment = { method: 'cash', paidAt: 2, offline: true, totalAmount: '0', invoice: sale };
    const customer = { ref: 'c-2', customerName: 'Rana', phoneNumber: '7700001' };
    const queued = { nextAttemptAt: 0, undo: [] };
    await old.table('outbox').bulkAdd([
      { id: 'key-1', kind: 'addLine', method: 'PUT', path: '/till/invoices/r%201', body: sale, createdAt: 1, state: 'pending', attempts: 2, ...queued },
      { id: 'key-2', kind: 'payCash', method: 'POST', path: '/till/invoices/r%201/payment', body: payment, createdAt: 2, state: 'sending', attempts: 0, ...queued },
      { id: 'key-3', kind: 'deleteOpenOrder', method: 'POST', path: '/till/invoices/r-2/delete', createdAt: 3, state: 'rejected', attempts: 1, ...queued },
      { id: 'key-4', kind: 'createCustomer', method: 'POST', path: '/till/customers', body: customer, createdAt: 4, state: 'pending', attempts: 0, ...queued },
    ]);
    old.close();

    db = openLocalDb('shop-v5', options);
    const upgraded = await db.outbox.orderBy('seq').toArray();
    expect(upgraded.map(({ id, kind, action }) => [id, kind, action])).toEqual([
      ['key-1', 'addLine', { type: 'saveInvoice', invoiceRef: 'r 1', payload: sale }],
      ['key-2', 'payCash', { type: 'payInvoice', invoiceRef: 'r 1', payload: payment }],
      ['key-3', 'deleteOpenOrder', { type: 'deleteInvoice', invoiceRef: 'r-2' }],
      ['key-4', 'createCustomer', { type: 'createCustomer', customerRef: 'c-2', payload: customer }],
    ]);
    expect(upgraded.map((command) => ['method', 'path', 'body'].filter((field) => field in command))).toEqual([[], [], [], []]);
    expect(upgraded.map((command) => [command.seq, command.state, command.attempts])).toEqual([[1, 'pending', 2], [2, 'sending', 0], [3, 'rejected', 1], [4, 'pending', 0]]);

    const server = idempotentServer(() => envelope(200, {}));
    vi.stubGlobal('fetch', server.fetchMock);
    const engine = createSyncEngine({ db, clock: new FakeClock(), status: recordingStatus(), lock: (pass) => pass() });
    expect(await engine.drain()).toEqual({ sent: 3, rejected: 0, waiting: false });
    expect(server.seen).toEqual([
      { method: 'PUT', url: '/api/v1/till/invoices/r%201', key: 'key-1', body: sale },
      { method: 'POST', url: '/api/v1/till/invoices/r%201/payment', key: 'key-2', body: payment },
      { method: 'POST', url: '/api/v1/till/customers', key: 'key-4', body: customer },
    ]);
    // The rejected one stays for the cashier to read, as before.
    expect((await db.outbox.toArray()).map((command) => command.id)).toEqual(['key-3']);
  });

  it('upgrades invoices kept with JSON-number amounts (before version 7) to the exact decimal text, in the queue’s undo steps too', async () => {
    const options = { indexedDB: new IDBFactory(), IDBKeyRange };
    const old = new Dexie(localDbName('shop-v6'), options);
    old.version(6).stores(storesOfVersion5);
    const line = {
      _id: 'line-p-1', productId: 'p-1', productName: 'Rice', unit: 'kg', customProduct: false, quantity: 1.25,
      sellingPrice: 45.5, costPrice: 30, costPriceProfit: 0, discount: 10, discountType: 'percentage',
      categoryDiscountRate: 0, productTax: 8, loyaltyRate: 1, price: 45.5, gross: 56.88, discountAmount: 5.69,
      tax: 4.1, total: 55.29, pointsEarned: 0.55, refundedQuantity: 0,
    };
    const invoice = {
      _id: 'r-1', ref: 'r-1', status: 'active', updatedAt: 1, staff: 'Ben (staff)', staffId: 'u-2', invoiceNumber: '',
      customer: { _id: 'c-1', customerName: 'Aisha', phoneNumber: '7771234', loyalityPoint: 12.5 },
      products: [line], subTotal: 56.88, totalDiscount: 5.69, totalTax: 4.1, redeemAmount: 0.1, totalAmount: 55.19,
      pointsEarned: 0.55, refundedAmount: 0,
    };
    await old.table('invoices').put(invoice);
    const stock = { table: 'products', key: 'p-1', before: { _id: 'p-1', quantity: 10.5 }, after: { _id: 'p-1', quantity: 9.25 } };
    const undo = [{ table: 'invoices', key: 'r-1', before: null, after: invoice }, stock];
    const action = { type: 'deleteInvoice', invoiceRef: 'r-1' };
    await old.table('outbox').add({ id: 'key-1', kind: 'addLine', action, createdAt: 1, state: 'pending', attempts: 0, nextAttemptAt: 0, undo });
    old.close();

    db = openLocalDb('shop-v6', options);
    const upgraded = (await db.invoices.get('r-1'))!;
    expect(upgraded.products[0]).toMatchObject({
      quantity: '1.25', sellingPrice: '45.5', costPrice: '30', discount: '10', productTax: '8', loyaltyRate: '1',
      price: '45.5', gross: '56.88', discountAmount: '5.69', tax: '4.1', total: '55.29', pointsEarned: '0.55', refundedQuantity: '0',
    });
    expect(upgraded).toMatchObject({
      subTotal: '56.88', totalDiscount: '5.69', totalTax: '4.1', redeemAmount: '0.1', totalAmount: '55.19', pointsEarned: '0.55',
      refundedAmount: '0', staff: 'Ben (staff)', customer: { _id: 'c-1', loyalityPoint: '12.5' },
    });
    const [command] = await db.outbox.toArray();
    // The undo step's row equals the stored row again, so a rollback still finds the row it wrote.
    expect(command!.undo[0]).toEqual({ table: 'invoices', key: 'r-1', before: null, after: upgraded });
    expect(command!.undo[1]).toEqual(stock);
    expect(command!.action).toEqual(action);
  });
});
