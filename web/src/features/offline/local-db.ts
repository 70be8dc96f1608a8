/**
 * The till's local database (docs/offline.md): one IndexedDB
 * database per shop, `tillwise-<shopId>`, so two shops signed in on one device never share rows.
 *
 * - `products`, `categories`, `customers`: the rows `GET /sync/{resource}` sends, keyed by
 *   `_id`, with the indexes the till reads by (barcode, name, category, phone);
 * - `syncState`: each resource's cursor and last completed pull;
 * - `outbox`: the commands not yet accepted by the server, in `seq` order, unique by `id`.
 *
 * Version 2 (the till sells from local data) adds:
 * - `invoices`: the till's invoices by `ref` (`LocalInvoice`), indexed by status, update time
 *   and customer;
 * - `invoiceNumbers`: the server's id and number for a ref, written ONLY by reconcile, so it
 *   never moves a row a later command's undo data depends on;
 * - `device`: this device's provisional numbering (`7F3A-0012`).
 *
 * Version 3 names an invoice's seller as every server answer does: `staff` is text
 * ("Hassan (staff)") and `staffId` the user's `_id`, where version 2 kept `staff: {_id, userName}`.
 *
 * Version 4 keeps the catalogue ready for the screens in large rows (catalog-snapshot.ts):
 * - `productChanges`: every write to `products`, logged in its own transaction by the
 *   `productChangeLog` middleware (product-change-log.ts);
 * - `catalogSnapshot`: the products in name order as of one log entry, in parts of a few
 *   thousand, and a meta row saying which entry, how many parts and products.
 * A database upgraded to it starts its log with a reset: its products were stored before.
 * `products` keeps only its barcode index (a scan the in-memory catalogue does not know yet):
 * the name and category indexes served the screens' old read of the whole table, and each
 * index is one more write per row in a first pull of 100,000 products.
 *
 * Version 5 lets a shop's first pull of products count as done before `products` holds them
 * (catalog-fill.ts): IndexedDB's cost is per row, and 100,000 rows one by one took 20 s or more.
 * - `catalogStaging`: the pages of that first pull, one row per page, keyed by their cursor,
 *   until the last page turns them into a catalogue snapshot;
 * - `catalogFill`: the table fill still owed by that snapshot (its progress) and where each
 *   product of it is (by id and by barcode), for the commands that need a row not copied yet.
 *
 * Version 6 stores each outbox command's action (till-actions.ts: `saveInvoice` of a ref, ...)
 * where earlier versions stored its HTTP request (`method`, `path`, `body`); the upgrade reads
 * each queued request as its action, keeping its id (the Idempotency-Key), seq and state.
 *
 * Version 7 keeps every amount and quantity of an invoice as the core's decimal text ("12.5")
 * where earlier versions kept JSON numbers: the upgrade writes each stored invoice's, and those
 * of the invoice rows the outbox's undo steps keep, as their exact text (`invoiceFromWire`).
 *
 * Version 8 keeps the till's shifts (docs/shifts.md, "The till"):
 * - `shifts`: this till's shifts by ref (`LocalShift`), indexed by status;
 * - `shiftEntries`: what each shift's report counts (its sales, refunds and cash movements),
 *   indexed by shift;
 * - `shiftNumbers`: the server's number for a shift ref, like `invoiceNumbers`;
 * - `tillSettings`: the shop's rules the till applies offline (`requireOpenShift`, `cashRounding`;
 *   a row is added without a new version: a till that has not read one yet uses its default).
 *
 * Version 9 keeps the gift cards this till has checked (`giftCards`, by number: `GiftCardRow`),
 * so a card learnt online can pay offline.
 */
import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { CatalogFillRow, CatalogSnapshotRow, SnapshotKey, StagedPage } from './catalog-rows';
import { productChangeLog, type ProductChangeRow } from './product-change-log';
import { invoiceFromWire } from '@/types/invoice-wire';
import { actionOfRequest, type TillAction, type TillRequest } from './till-actions';
import type {
  Category, Customer, DataTableName, DeviceRow, GiftCardRow, InvoiceNumberRow, LocalInvoice, LocalShift, OutboxCommand, Product,
  ShiftEntry, ShiftNumberRow, StoredCommand, SyncStateRow, TillSettingRow, UndoStep,
} from './types';

export class TillDb extends Dexie {
  products!: EntityTable<Product, '_id'>;
  categories!: EntityTable<Category, '_id'>;
  customers!: EntityTable<Customer, '_id'>;
  syncState!: EntityTable<SyncStateRow, 'resource'>;
  outbox!: EntityTable<StoredCommand, 'seq', OutboxCommand>;
  invoices!: EntityTable<LocalInvoice, '_id'>;
  invoiceNumbers!: EntityTable<InvoiceNumberRow, 'ref'>;
  device!: EntityTable<DeviceRow, 'key'>;
  shifts!: EntityTable<LocalShift, '_id'>;
  shiftEntries!: EntityTable<ShiftEntry, '_id'>;
  shiftNumbers!: EntityTable<ShiftNumberRow, 'ref'>;
  tillSettings!: EntityTable<TillSettingRow, 'key'>;
  giftCards!: EntityTable<GiftCardRow, 'number'>;
  productChanges!: EntityTable<ProductChangeRow, 'seq'>;
  catalogSnapshot!: Table<CatalogSnapshotRow, SnapshotKey>;
  catalogStaging!: EntityTable<StagedPage, 'cursor'>;
  catalogFill!: Table<CatalogFillRow, number>;
  /** What the database was opened with, for a second connection to it (catalog-fill.ts). */
  readonly openOptions: DexieOptions | undefined;
  /**
   * Whether a table fill may be pending (catalog-fill.ts), kept by the till runtime from the
   * `catalogFill` table: only then do the commands' transactions take in the snapshot and the
   * fill's tables, so they do not wait behind the screens' long read of the snapshot.
   */
  fillMayBePending = true;

  /**
   * `logged: false` opens a connection whose writes to `products` are not logged: only for rows
   * that equal the snapshot already (the table fill), which the screens have.
   */
  constructor(name: string, options?: DexieOptions, { logged = true }: { logged?: boolean } = {}) {
    super(name, options);
    this.openOptions = options;
    this.version(1).stores({
      products: '_id, barcodeNumber, productName, category._id',
      categories: '_id, categoryName',
      customers: '_id, phoneNumber, customerName',
      syncState: 'resource',
      outbox: '++seq, &id, state',
    });
    // Dexie carries the version 1 stores over; only the new ones are named.
    this.version(2).stores({
      invoices: '_id, status, updatedAt, customer._id',
      invoiceNumbers: 'ref',
      device: 'key',
    });
    this.version(3).upgrade((transaction) =>
      transaction
        .table('invoices')
        .toCollection()
        .modify((invoice: Record<string, unknown>) => Object.assign(invoice, sellerAsText(invoice.staff))),
    );
    this.version(4)
      .stores({ products: '_id, barcodeNumber', productChanges: '++seq', catalogSnapshot: 'key' })
      .upgrade(async (transaction) => {
        if ((await transaction.table('products').count()) > 0) {
          await transaction.table('productChanges').add({ put: [], deleted: [], reset: true } satisfies ProductChangeRow);
        }
      });
    this.version(5).stores({ catalogStaging: 'cursor', catalogFill: 'key' });
    this.version(6).upgrade((transaction) =>
      transaction
        .table('outbox')
        .toCollection()
        .modify((command: Record<string, unknown>) => {
          const action = actionOfStoredRequest(command);
          if (!action) return;
          command.action = action;
          delete command.method;
          delete command.path;
          delete command.body;
        }),
    );
    this.version(7).upgrade(async (transaction) => {
      await transaction
        .table('invoices')
        .toCollection()
        .modify((invoice: LocalInvoice, ref) => {
          ref.value = invoiceFromWire(invoice);
        });
      await transaction
        .table('outbox')
        .toCollection()
        .modify((command: StoredCommand) => {
          if (Array.isArray(command.undo)) command.undo = command.undo.map(invoiceStepWithDecimals);
        });
    });
    this.version(8).stores({ shifts: '_id, status', shiftEntries: '_id, shiftRef', shiftNumbers: 'ref', tillSettings: 'key' });
    this.version(9).stores({ giftCards: 'number' });
    if (logged) this.use(productChangeLog);
  }

  /** The tables a local change may write, by name. */
  dataTable(name: DataTableName) {
    return this.table<unknown, string>(name);
  }
}

/** An undo step's invoice rows with their amounts as decimal text (version 7). */
function invoiceStepWithDecimals(step: UndoStep): UndoStep {
  if (step.table !== 'invoices') return step;
  const asText = (row: unknown) => (row ? invoiceFromWire(row as LocalInvoice) : row);
  return { ...step, before: asText(step.before), after: asText(step.after) };
}

/** A version 2 invoice's `staff: {_id, userName}` as version 3 keeps it (the role was not kept). */
export function sellerAsText(staff: unknown): { staff: string; staffId: string | null } | undefined {
  if (typeof staff !== 'object' || staff === null) return undefined;
  const { _id, userName } = staff as { _id?: unknown; userName?: unknown };
  return { staff: typeof userName === 'string' ? userName : '', staffId: typeof _id === 'string' ? _id : null };
}

/** A command stored before version 6 (method, path, body) as its action; undefined for one that has its action. */
function actionOfStoredRequest(command: Record<string, unknown>): TillAction | undefined {
  if (command.action !== undefined || typeof command.path !== 'string') return undefined;
  const method = typeof command.method === 'string' ? command.method : 'POST';
  return actionOfRequest({ method: method as TillRequest['method'], path: command.path, body: command.body });
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
