import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { localDbName, openLocalDb, type TillDb } from './local-db';
import { databaseBeforeTheLog, freshDb, localProduct } from './offline-test-support';
import type { Customer, Product } from './types';

const product = (id: string, productName: string, barcodeNumber: string): Product => localProduct({ _id: id, productName, barcodeNumber });

let db: TillDb;
afterEach(() => db?.close());

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
});
