/**
 * The products the till's screens sell from, read from a few large rows instead of one row per
 * product: IndexedDB's cost is mostly per row, so reading 100,000 products one row each took 5 s
 * on the 2-core bench machine, and reading them as fifty rows of 2,000 takes a few hundred
 * milliseconds (docs/benchmarks.md "Offline till").
 *
 * What is stored (local-db.ts version 4):
 * - `catalogSnapshot`: the products in name order as of log entry `asOf`, in parts of
 *   `SNAPSHOT_PART_SIZE`, keyed `[asOf, size, part]`, and a meta row (`META_KEY`) naming the
 *   current `asOf`, part size and count;
 * - `productChanges`: every write to `products` since (product-change-log.ts).
 *
 * The screens' products are the snapshot with the log after it replayed: the same rows, in the
 * same order, as the products table read by its name index. A sale or a pull then costs the
 * screens the rows it wrote, not a read of the whole table. When the log has grown, a new
 * snapshot is written part by part in idle time (`compactCatalog`); the switch to it, with the
 * log it covers deleted, is one small transaction, and a switch the screens did not make
 * themselves (another tab) makes them read the snapshot again.
 */
import { liveQuery } from 'dexie';
import { tillMeasure, tillNow } from '../../lib/till-timing';
import { fillPending, META_KEY, type CatalogSnapshotRow, type SnapshotKey, type SnapshotMeta, type SnapshotPart } from './catalog-rows';
import type { TillDb } from './local-db';
import type { ProductChangeRow } from './product-change-log';
import type { Product } from './types';

/** Products per snapshot row: few enough that writing one (in idle time) is a short task. */
export const SNAPSHOT_PART_SIZE = 2000;
/** A log this long (rows written or deleted) is worth a new snapshot. */
export const COMPACT_AFTER_ROWS = 2000;
/** Or this many writes, however small (each sale's stock is one). */
export const COMPACT_AFTER_ENTRIES = 200;

/** The screens' products, in name order, with where they stand in the log. */
export interface LocalProducts {
  products: readonly Product[];
  /** The last log entry replayed (0: none yet). */
  seq: number;
  /** The snapshot they were read from (0: none). */
  snapshotAsOf: number;
  /** The log after that snapshot: how many entries, and how many rows they wrote or deleted. */
  logEntries: number;
  loggedRows: number;
}

/** The products index's order (IndexedDB compares strings by UTF-16 code units), then `_id`. */
export function byName(a: Product, b: Product): number {
  if (a.productName !== b.productName) return a.productName < b.productName ? -1 : 1;
  if (a._id === b._id) return 0;
  return a._id < b._id ? -1 : 1;
}

const isMeta = (row: CatalogSnapshotRow | undefined): row is SnapshotMeta => row !== undefined && 'asOf' in row;

/**
 * `products` (in name order) with the log's `changes` replayed in order: a row written replaces
 * the one of its `_id`, a key deleted removes it. Returns `products` itself when nothing changed.
 */
export function replayChanges(products: readonly Product[], changes: readonly ProductChangeRow[]): readonly Product[] {
  const latest = new Map<string, Product | null>();
  for (const change of changes) {
    for (const row of change.put) latest.set(row._id, row);
    for (const key of change.deleted) latest.set(key, null);
  }
  if (latest.size === 0) return products;
  const kept = products.filter((product) => !latest.has(product._id));
  const added = [...latest.values()].filter((row): row is Product => row !== null).sort(byName);
  return mergeByName(kept, added);
}

function mergeByName(a: readonly Product[], b: readonly Product[]): Product[] {
  if (b.length === 0) return a.slice();
  if (a.length === 0) return b.slice();
  const merged: Product[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) merged[k++] = byName(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) merged[k++] = a[i++];
  while (j < b.length) merged[k++] = b[j++];
  return merged;
}

const rowsOf = (changes: readonly ProductChangeRow[]) => changes.reduce((sum, change) => sum + change.put.length + change.deleted.length, 0);

/** The current snapshot's meta row, or null when there is none. */
async function snapshotMeta(db: TillDb): Promise<SnapshotMeta | null> {
  const meta = await db.catalogSnapshot.get(META_KEY);
  return isMeta(meta) ? meta : null;
}

/**
 * The current snapshot's products, or null when there is none (or it does not add up: then the
 * log and the table are read instead).
 */
async function readSnapshot(db: TillDb): Promise<{ meta: SnapshotMeta; products: Product[] } | null> {
  return db.transaction('r', db.catalogSnapshot, async () => {
    const meta = await snapshotMeta(db);
    if (!meta) return null;
    const parts = (await db.catalogSnapshot
      .where(':id')
      .between([meta.asOf, meta.size, 0], [meta.asOf, meta.size, meta.parts], true, false)
      .toArray()) as SnapshotPart[];
    if (parts.length !== meta.parts) return null;
    const products = parts.length === 1 ? parts[0].products : ([] as Product[]).concat(...parts.map((part) => part.products));
    return products.length === meta.count ? { meta, products } : null;
  });
}

/**
 * Reads the screens' products: the snapshot, then the log after it. The table itself is read
 * (and sorted) only when the log cannot rebuild it: it holds a reset, or there is no snapshot
 * and the log does not start at the first entry. Recorded as `till:catalog-read`.
 *
 * The snapshot's parts are read in a transaction of their own, so the catalogue pull and a
 * sale's stock, which write the log, do not wait for the long read; the log is read with the
 * meta row, and a snapshot switched in between (the log it covered gone) is read again.
 */
export async function readLocalProducts(db: TillDb): Promise<LocalProducts> {
  const started = tillNow();
  for (;;) {
    const snapshot = await readSnapshot(db);
    const asOf = snapshot?.meta.asOf ?? 0;
    const log = await db.transaction('r', [db.catalogSnapshot, db.productChanges], async () =>
      ((await snapshotMeta(db))?.asOf ?? 0) === asOf ? db.productChanges.where(':id').above(asOf).toArray() : null,
    );
    if (log === null) continue;
    const local =
      snapshot !== null && !log.some((change) => change.reset)
        ? fromLog(snapshot.products, asOf, log)
        : await db.transaction('r', [db.catalogSnapshot, db.productChanges, db.products], () => fromTable(db));
    tillMeasure('catalog-read', started, { products: local.products.length, snapshot: snapshot !== null, logEntries: local.logEntries });
    return local;
  }
}

function fromLog(products: readonly Product[], asOf: number, changes: readonly ProductChangeRow[]): LocalProducts {
  return {
    products: replayChanges(products, changes),
    seq: changes.at(-1)?.seq ?? asOf,
    snapshotAsOf: asOf,
    logEntries: changes.length,
    loggedRows: rowsOf(changes),
  };
}

/**
 * Without a snapshot: the whole log when it is complete (a database that began with version 4
 * and was never compacted), else the table, sorted, with a new snapshot due at once.
 */
async function fromTable(db: TillDb): Promise<LocalProducts> {
  const meta = await snapshotMeta(db);
  const asOf = meta?.asOf ?? 0;
  const changes = await db.productChanges.where(':id').above(asOf).toArray();
  const seq = changes.at(-1)?.seq ?? asOf;
  const logComplete = !meta && !changes.some((change) => change.reset) && (changes.length > 0 ? changes[0].seq === 1 : (await db.products.count()) === 0);
  if (logComplete) return fromLog([], 0, changes);
  const products = (await db.products.toArray()).sort(byName);
  return { products, seq, snapshotAsOf: asOf, logEntries: Math.max(changes.length, COMPACT_AFTER_ENTRIES), loggedRows: rowsOf(changes) };
}

/**
 * `local` brought up to date: itself when the log has nothing after it, the log's new entries
 * replayed, or read afresh when a snapshot newer than it has dropped entries it needs.
 */
export async function refreshLocalProducts(db: TillDb, local: LocalProducts): Promise<LocalProducts> {
  const step = await db.transaction('r', [db.catalogSnapshot, db.productChanges], async () => {
    const asOf = (await snapshotMeta(db))?.asOf ?? 0;
    if (asOf > local.seq) return 'read again' as const;
    const changes = await db.productChanges.where(':id').above(local.seq).toArray();
    return { asOf, changes };
  });
  if (step === 'read again' || step.changes.some((change) => change.reset)) return readLocalProducts(db);
  const { asOf, changes } = step;
  if (changes.length === 0 && asOf === local.snapshotAsOf) return local;
  // A newer snapshot (this tab's own, most likely) took the log before it: what is left after
  // it is counted from here on, so the next snapshot may come a little later than due.
  const sinceSnapshot = asOf > local.snapshotAsOf ? { logEntries: 0, loggedRows: 0 } : local;
  return {
    products: replayChanges(local.products, changes),
    seq: changes.at(-1)?.seq ?? local.seq,
    snapshotAsOf: asOf,
    logEntries: sinceSnapshot.logEntries + changes.length,
    loggedRows: sinceSnapshot.loggedRows + rowsOf(changes),
  };
}

/**
 * The rows with one `category` object per distinct category: a row is stored with its category
 * copied in, and the structured clone keeps an object met twice in one stored value as one, so
 * a part of 2,000 rows is read back with 50 category objects instead of 2,000 (a fifth less to
 * read, and less memory for the till).
 */
export function withSharedCategories(products: readonly Product[]): Product[] {
  const shared = new Map<string, Product['category']>();
  return products.map((product) => {
    if (product.category === null || typeof product.category !== 'object') return product;
    const key = JSON.stringify(product.category);
    const category = shared.get(key);
    if (category === undefined) {
      shared.set(key, product.category);
      return product;
    }
    return category === product.category ? product : { ...product, category };
  });
}

/** Whether the log after the snapshot has grown enough to write a new one. */
export const compactionDue = (local: LocalProducts) =>
  local.seq > local.snapshotAsOf && (local.logEntries >= COMPACT_AFTER_ENTRIES || local.loggedRows >= COMPACT_AFTER_ROWS);

/**
 * Writes `local` as the snapshot at its `seq` and deletes the log it covers. The parts are
 * written one per transaction, `pause()` between them (idle time, so a tap is never kept
 * waiting behind a part), and survive a reload: the next run at the same `seq` writes only the
 * missing ones. The switch is one transaction, made only when no newer snapshot came first.
 * Answers whether it switched. Never over a table fill still pending (catalog-fill.ts): the
 * fill copies the current snapshot's parts, and the table lacks what it has not copied yet.
 */
export async function compactCatalog(db: TillDb, local: LocalProducts, pause: () => Promise<void>, size = SNAPSHOT_PART_SIZE): Promise<boolean> {
  const asOf = local.seq;
  if (asOf <= 0 || (await fillPending(db))) return false;
  const current = await db.catalogSnapshot.get(META_KEY);
  if (isMeta(current) && current.asOf >= asOf) return false;
  const parts = Math.ceil(local.products.length / size);
  const written = new Set(
    (await db.catalogSnapshot.where(':id').between([asOf, size, 0], [asOf, size, parts], true, false).primaryKeys()).map((key) => (key as SnapshotKey)[2]),
  );
  for (let part = 0; part < parts; part += 1) {
    if (written.has(part)) continue;
    await pause();
    await db.catalogSnapshot.put({ key: [asOf, size, part], products: withSharedCategories(local.products.slice(part * size, (part + 1) * size)) });
  }
  return db.transaction('rw', [db.catalogSnapshot, db.productChanges, db.catalogFill], async () => {
    const meta = await db.catalogSnapshot.get(META_KEY);
    if ((isMeta(meta) && meta.asOf >= asOf) || (await fillPending(db))) return false;
    const keys = (await db.catalogSnapshot.toCollection().primaryKeys()) as SnapshotKey[];
    // Another tab's switch may have taken parts of this run meanwhile: no switch to a hole.
    if (keys.filter(([at, partSize]) => at === asOf && partSize === size).length !== parts) return false;
    await db.catalogSnapshot.put({ key: META_KEY, asOf, size, parts, count: local.products.length });
    // Earlier snapshots, and parts of earlier runs that never switched (a later run's stay).
    await db.catalogSnapshot.bulkDelete(keys.filter(([at, partSize]) => at !== 0 && (at < asOf || (at === asOf && partSize !== size))));
    await db.productChanges.where(':id').belowOrEqual(asOf).delete();
    return true;
  });
}

/** Resolves in a new task: the browser handles input and paints between two parts. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Writes the snapshot now when the log calls for one (after a large pull). */
export async function snapshotCatalog(db: TillDb, pause: () => Promise<void> = nextTask): Promise<boolean> {
  if (await fillPending(db)) return false;
  const local = await readLocalProducts(db);
  return compactionDue(local) && compactCatalog(db, local, pause);
}

export interface ProductsFollower {
  stop(): void;
}

export interface FollowOptions {
  /** Waits for a quiet moment before each snapshot part is written. */
  pause?: () => Promise<void>;
  onError?: (error: unknown) => void;
}

/** Resolves in the browser's next idle period (at the latest after a second), or soon without one. */
export function idlePause(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Keeps the screens' products current: read once (`readLocalProducts`), then, whenever the log
 * or the snapshot changes (this tab's writes or another's), brought up to date from the new
 * entries alone. `onProducts` hears each new state; a new snapshot is written in idle time when
 * the log has grown (one at a time).
 */
export function followLocalProducts(db: TillDb, onProducts: (local: LocalProducts) => void, options: FollowOptions = {}): ProductsFollower {
  const pause = options.pause ?? idlePause;
  const onError = options.onError ?? ((error: unknown) => console.error('The local catalogue could not be read', error));
  let current: LocalProducts | null = null;
  let stopped = false;
  let compacting = false;
  const compactIfDue = (local: LocalProducts) => {
    if (compacting || !compactionDue(local)) return;
    compacting = true;
    const paused = () => pause().then(() => {
      if (stopped) throw new Stopped();
    });
    void compactCatalog(db, local, paused)
      .catch((error: unknown) => {
        if (!(error instanceof Stopped) && !stopped) onError(error);
      })
      .finally(() => {
        compacting = false;
      });
  };
  // The querier derives the next state from the last one delivered, never changing it: a run
  // that started from an older one still gives a state the log agrees with.
  const subscription = liveQuery(() => (current === null ? readLocalProducts(db) : refreshLocalProducts(db, current))).subscribe({
    next(local) {
      if (stopped) return;
      const changed = local.products !== current?.products;
      current = local;
      if (changed) onProducts(local);
      compactIfDue(local);
    },
    error(error: unknown) {
      if (!stopped) onError(error);
    },
  });
  return {
    stop() {
      stopped = true;
      subscription.unsubscribe();
    },
  };
}

class Stopped extends Error {}
