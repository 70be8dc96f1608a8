/**
 * A shop's first pull of products counts as done before the products table holds them: storing
 * 100,000 products one row each took 20 s or more in Chromium, about 0.2 to 0.5 ms a row and
 * mostly the browser process's work (docs/benchmarks.md "Offline till"), and the screens do not
 * read that table anyway (catalog-snapshot.ts). So:
 *
 * 1. A first pull (no cursor, an empty table, no snapshot, and more than one page) stores each
 *    page as ONE row of `catalogStaging`, with its cursor, in one transaction: a pull cut in the
 *    middle resumes after the last page staged, as any pull does.
 * 2. The last page's transaction turns the staged pages into a catalogue snapshot (later page
 *    wins, deletions applied), deletes them, and records in `catalogFill` that the table still
 *    owes the snapshot's parts, with where each product is (by id and by barcode). The till
 *    sells from the snapshot from then on.
 * 3. The table is filled in the background (`fillCatalogTable`), from the end of the pull, a few
 *    hundred rows per transaction with a rest between them (`restThenIdle`):
 *    only the keys it lacks are added (a sale's stock or a later pull wrote the others, and they
 *    are newer), keys the log deleted after the snapshot are skipped, and nothing is logged (the
 *    rows equal the snapshot the screens have). Its progress is stored with each step, so a
 *    reload resumes it, and two tabs filling at once only add what is still missing.
 * 4. Until the fill is done, whoever reads one product row (a command's stock, an add by id or
 *    barcode, a scan the screens' index does not know) also looks in the parts not copied yet:
 *    `readProduct`, `productWithBarcode`. A command that changes such a row writes it to the
 *    table, and the fill then keeps it. No snapshot is written over a pending fill (compaction
 *    reads what the screens have, but the fill needs its parts); a reset of the table in the log
 *    stops the fill, as the table is then the truth.
 */
import { Dexie } from 'dexie';
import { tillMeasure, tillNow } from '../../lib/till-timing';
import {
  FILL_STATE_KEY, fillPending, isFillState, META_KEY, type FillBucket, type FillState, type SnapshotKey, type SnapshotPart, type StagedPage,
} from './catalog-rows';
import { byName, SNAPSHOT_PART_SIZE, withSharedCategories } from './catalog-snapshot';
import { TillDb } from './local-db';
import type { ProductChangeRow } from './product-change-log';
import type { Product } from './types';

/** Buckets of the product directory: a lookup reads one (about 1,600 entries at 100,000 products). */
export const FILL_BUCKETS = 64;

/** The bucket (1 to FILL_BUCKETS) of a product id or barcode: FNV-1a of its UTF-16 code units. */
export function bucketOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return 1 + ((hash >>> 0) % FILL_BUCKETS);
}

/** The tables a first pull's page transaction covers, besides the products table and the cursors. */
export const stagingScope = (db: TillDb) => [db.catalogStaging, db.catalogSnapshot, db.productChanges, db.catalogFill];

/** The tables a reader of one product row needs beside `products`, for the parts not copied yet. */
export const pendingScope = (db: TillDb) => [db.catalogFill, db.catalogSnapshot, db.productChanges];

/**
 * Whether this page of products is staged rather than stored row by row (inside the page's
 * transaction, over `stagingScope`): a first pull already staging, or the first page of one that
 * has more pages to come, into an empty table with no snapshot.
 */
export async function stagesPage(db: TillDb, after: number, more: boolean): Promise<boolean> {
  if ((await db.catalogStaging.count()) > 0) return true;
  return after === 0 && more && (await db.products.count()) === 0 && (await db.catalogSnapshot.get(META_KEY)) === undefined;
}

/**
 * Stages `page` (inside its transaction); the last page also switches the staged catalogue in.
 * Answers whether it switched to a snapshot with a fill pending.
 */
export async function stagePage(db: TillDb, page: StagedPage, more: boolean): Promise<boolean> {
  db.fillMayBePending = true;
  await db.catalogStaging.put({ cursor: page.cursor, rows: withSharedCategories(page.rows), deleted: page.deleted });
  return more ? false : switchToStaged(db);
}

async function switchToStaged(db: TillDb): Promise<boolean> {
  const pages = await db.catalogStaging.toArray();
  await db.catalogStaging.clear();
  // Something wrote the table meanwhile (a tab of an older version pulling row by row): the
  // pages are stored as rows, as before, and the table stays the truth.
  if ((await db.products.count()) > 0) {
    for (const page of pages) {
      await db.products.bulkPut(page.rows);
      await db.products.bulkDelete(page.deleted);
    }
    return false;
  }
  const latest = new Map<string, Product>();
  for (const page of pages) {
    for (const row of page.rows) latest.set(row._id, row);
    for (const key of page.deleted) latest.delete(key);
  }
  const products = [...latest.values()].sort(byName);
  // The snapshot stands at a log entry of its own, and the log before it goes (a reset of the
  // empty table, say): the screens read the snapshot and replay what comes after.
  const asOf = (await db.productChanges.add({ put: [], deleted: [] } satisfies ProductChangeRow)) as number;
  await db.productChanges.where(':id').belowOrEqual(asOf).delete();
  const size = SNAPSHOT_PART_SIZE;
  const parts = Math.ceil(products.length / size);
  const stale = ((await db.catalogSnapshot.toCollection().primaryKeys()) as SnapshotKey[]).filter(([at]) => at !== 0);
  await db.catalogSnapshot.bulkDelete(stale);
  const buckets = new Map<number, FillBucket>();
  const bucket = (text: string) => {
    const key = bucketOf(text);
    let found = buckets.get(key);
    if (!found) buckets.set(key, (found = { key, ids: new Map(), barcodes: new Map() }));
    return found;
  };
  const rows: SnapshotPart[] = [];
  for (let part = 0; part < parts; part += 1) {
    const slice = products.slice(part * size, (part + 1) * size);
    for (const product of slice) {
      bucket(product._id).ids.set(product._id, part);
      if (product.barcodeNumber) {
        const { barcodes } = bucket(product.barcodeNumber);
        const where = barcodes.get(product.barcodeNumber);
        if (where === undefined) barcodes.set(product.barcodeNumber, [part]);
        else if (!where.includes(part)) where.push(part);
      }
    }
    rows.push({ key: [asOf, size, part], products: withSharedCategories(slice) });
  }
  await db.catalogSnapshot.bulkPut(rows);
  await db.catalogSnapshot.put({ key: META_KEY, asOf, size, parts, count: products.length });
  await db.catalogFill.clear();
  await db.catalogFill.bulkPut([{ key: FILL_STATE_KEY, asOf, size, parts, next: 0, offset: 0 } satisfies FillState, ...buckets.values()]);
  return true;
}

/**
 * Whether the running transaction may read the parts not copied yet: a command's covers them
 * only while a fill may be pending (`TillDb.fillMayBePending`).
 */
const pendingInScope = () => Dexie.currentTransaction?.storeNames.includes('catalogFill') ?? true;

/**
 * The pending fill with the log after its snapshot, or null when there is none (or a reset in
 * the log made the table the truth again). Inside a transaction over `pendingScope`.
 */
async function pendingFill(db: TillDb): Promise<{ state: FillState; log: ProductChangeRow[] } | null> {
  const state = await db.catalogFill.get(FILL_STATE_KEY);
  if (!isFillState(state) || state.next >= state.parts) return null;
  const log = await db.productChanges.where(':id').above(state.asOf).toArray();
  return log.some((change) => change.reset) ? null : { state, log };
}

/** The products of `parts` not copied to the table yet, absent from it, and not deleted since. */
async function pendingRows(db: TillDb, parts: readonly number[], wanted: (product: Product) => boolean): Promise<Product[]> {
  const fill = await pendingFill(db);
  if (!fill) return [];
  const { state, log } = fill;
  const found: Product[] = [];
  for (const part of parts) {
    if (part < state.next) continue;
    const row = (await db.catalogSnapshot.get([state.asOf, state.size, part])) as SnapshotPart | undefined;
    for (const product of row?.products ?? []) {
      if (!wanted(product) || log.some((change) => change.deleted.includes(product._id))) continue;
      if ((await db.products.get(product._id)) === undefined) found.push(product);
    }
  }
  return found;
}

/**
 * The product `id`: the table's row, or while a fill is pending the snapshot's, when the table
 * does not have it yet. Inside a transaction over `products` and `pendingScope`.
 */
export async function readProduct(db: TillDb, id: string): Promise<Product | undefined> {
  const row = await db.products.get(id);
  if (row !== undefined || !pendingInScope() || !(await fillPending(db))) return row;
  const bucket = (await db.catalogFill.get(bucketOf(id))) as FillBucket | undefined;
  const part = bucket?.ids.get(id);
  if (part === undefined) return undefined;
  return (await pendingRows(db, [part], (product) => product._id === id))[0];
}

/**
 * The product with this barcode (the lowest id when several have it, as the table's barcode
 * index gives them), from the table or the parts a pending fill has not copied yet. Inside a
 * transaction over `products` and `pendingScope`.
 */
export async function productWithBarcode(db: TillDb, barcodeNumber: string): Promise<Product | undefined> {
  const row = await db.products.where('barcodeNumber').equals(barcodeNumber).first();
  if (!barcodeNumber || !pendingInScope() || !(await fillPending(db))) return row;
  const bucket = (await db.catalogFill.get(bucketOf(barcodeNumber))) as FillBucket | undefined;
  const parts = bucket?.barcodes.get(barcodeNumber) ?? [];
  const candidates = [...(row ? [row] : []), ...(await pendingRows(db, parts, (product) => product.barcodeNumber === barcodeNumber))];
  return candidates.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))[0];
}

export interface FillOptions {
  /**
   * Waits before each step, told how long the last one took (`restThenIdle` by default, so a
   * tap or a keystroke comes first).
   */
  pause?: (lastStepMs: number) => Promise<void>;
  /** Checked before each step: a stopped runtime leaves the rest to the next start. */
  stopped?: () => boolean;
  /** Rows per transaction. */
  chunk?: number;
}

/**
 * Rows copied per transaction. Each transaction's rows are serialized in one task of the page,
 * and its commit holds the database's other work: 2,000 rows at once kept the till's taps and
 * cold starts waiting tens to hundreds of milliseconds on the bench machine.
 */
export const FILL_CHUNK = 250;

/**
 * As long as the last step took, then the next idle moment (at the latest after half a
 * second): the fill takes about half of the time at most, and goes on while the till is busy.
 * Its cost is mostly the browser process's per-row work, which on a 2-core tablet competes with
 * the page for the same cores: at full speed the fill of 100,000 products ran for 60 to 90 s
 * beside the bench's cold starts, searches and adds and doubled their slowest times.
 */
function restThenIdle(lastStepMs: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
      else resolve();
    }, lastStepMs);
  });
}

/**
 * Copies the pending fill's parts into the products table, `chunk` rows per transaction, through
 * a connection that does not log them. Answers whether it finished a fill. Recorded as
 * `till:catalog-fill` (from this run's start; `from` says which part it resumed at).
 */
export async function fillCatalogTable(db: TillDb, options: FillOptions = {}): Promise<boolean> {
  const pause = options.pause ?? restThenIdle;
  const stopped = options.stopped ?? (() => false);
  const chunk = options.chunk ?? FILL_CHUNK;
  const first = await db.catalogFill.get(FILL_STATE_KEY);
  if (!isFillState(first)) return false;
  const started = tillNow();
  const unlogged = new TillDb(db.name, db.openOptions, { logged: false });
  // The part being copied, read once.
  let partAt = -1;
  let partRows: Product[] = [];
  let lastStepMs = 0;
  try {
    for (;;) {
      await pause(lastStepMs);
      if (stopped()) return false;
      const stepStarted = tillNow();
      const state = await unlogged.catalogFill.get(FILL_STATE_KEY);
      if (!isFillState(state)) return false;
      // Read once per part, apart from the writes: the screens' reads of the snapshot need not wait for them.
      if (state.next < state.parts && partAt !== state.next) {
        const row = (await unlogged.catalogSnapshot.get([state.asOf, state.size, state.next])) as SnapshotPart | undefined;
        if (!row) throw new Error(`The catalogue snapshot ${state.asOf} has no part ${state.next} to fill the table from`);
        partAt = state.next;
        partRows = row.products;
      }
      const offset = state.offset ?? 0;
      const rows = state.next < state.parts ? partRows.slice(offset, offset + chunk) : [];
      const step = await unlogged.transaction('rw', [unlogged.products, unlogged.productChanges, unlogged.catalogFill], async () => {
        const now = await unlogged.catalogFill.get(FILL_STATE_KEY);
        if (!isFillState(now) || now.asOf !== state.asOf) return 'stopped' as const;
        // Another tab copied these rows first.
        if (now.next !== state.next || (now.offset ?? 0) !== offset) return 'next' as const;
        const log = await unlogged.productChanges.where(':id').above(now.asOf).toArray();
        if (log.some((change) => change.reset)) {
          await unlogged.catalogFill.clear();
          return 'stopped' as const;
        }
        const deleted = new Set(log.flatMap((change) => change.deleted));
        try {
          await unlogged.products.bulkAdd(rows.filter((product) => !deleted.has(product._id)));
        } catch (error) {
          // Keys the table has already hold newer rows (a sale's stock, a later pull): kept.
          if (!(error instanceof Dexie.BulkError)) throw error;
        }
        const partDone = state.next >= state.parts || offset + chunk >= partRows.length;
        if (partDone && now.next + 1 >= now.parts) {
          await unlogged.catalogFill.clear();
          return 'done' as const;
        }
        await unlogged.catalogFill.put(partDone ? { ...now, next: now.next + 1, offset: 0 } : { ...now, offset: offset + chunk });
        return 'next' as const;
      });
      lastStepMs = tillNow() - stepStarted;
      if (step === 'stopped') return false;
      if (step === 'done') {
        db.fillMayBePending = false;
        tillMeasure('catalog-fill', started, { parts: first.parts, from: first.next });
        return true;
      }
    }
  } finally {
    unlogged.close();
  }
}
