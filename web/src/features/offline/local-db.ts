/**
 * The till's local database (issue 7, CONTRACT7 "Web local data and outbox"): one IndexedDB
 * database per shop, `tillwise-<shopId>`, so two shops signed in on one device never share rows.
 *
 * - `products`, `categories`, `customers`: the rows `GET /sync/{resource}` sends, keyed by
 *   `_id`, with the indexes the till reads by (barcode, name, category, phone);
 * - `syncState`: each resource's cursor and last completed pull;
 * - `outbox`: the commands not yet accepted by the server, in `seq` order, unique by `id`.
 */
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { Category, Customer, DataTableName, OutboxCommand, Product, StoredCommand, SyncStateRow } from './types';

export class TillDb extends Dexie {
  products!: EntityTable<Product, '_id'>;
  categories!: EntityTable<Category, '_id'>;
  customers!: EntityTable<Customer, '_id'>;
  syncState!: EntityTable<SyncStateRow, 'resource'>;
  outbox!: EntityTable<StoredCommand, 'seq', OutboxCommand>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      products: '_id, barcodeNumber, productName, category._id',
      categories: '_id, categoryName',
      customers: '_id, phoneNumber, customerName',
      syncState: 'resource',
      outbox: '++seq, &id, state',
    });
  }

  /** The tables a local change may write, by name. */
  dataTable(name: DataTableName) {
    return this.table<unknown, string>(name);
  }
}

export const localDbName = (shopId: string) => `tillwise-${shopId}`;

/**
 * The shop's database. `options` lets tests give each case its own IndexedDB
 * (`{ indexedDB: new IDBFactory(), IDBKeyRange }` from fake-indexeddb).
 */
export function openLocalDb(shopId: string, options?: DexieOptions): TillDb {
  if (!shopId) throw new Error('A local database needs the shop id');
  return new TillDb(localDbName(shopId), options);
}
