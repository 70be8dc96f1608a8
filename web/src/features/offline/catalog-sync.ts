/**
 * Keeps the local catalogue fresh (docs/offline.md; docs/api-sync.md): pulls
 * `GET /sync/{resource}?after={cursor}&limit=1000` page by page until the server says `more:
 * false`. Each page is stored in ONE transaction with its cursor (rows upserted, tombstones
 * deleted), so a pull cut in the middle resumes after the last page stored, never skipping or
 * half-applying one. The final page also records the pull's time.
 *
 * A shop's first pull of products is staged instead, a row per page, and its last page switches
 * it in as a catalogue snapshot whose rows the products table is filled with afterwards
 * (catalog-fill.ts): the pull counts as done without storing 100,000 rows one by one.
 */
import { api } from '../../lib/api-client';
import { tillMeasure, tillNow } from '../../lib/till-timing';
import { useSyncStatusStore, type SyncStatusActions } from '../../stores/sync-status-store';
import { stagePage, stagesPage, stagingScope } from './catalog-fill';
import { COMPACT_AFTER_ROWS, snapshotCatalog } from './catalog-snapshot';
import type { TillDb } from './local-db';
import { syncResources, type Product, type SyncResource, type SyncStateRow } from './types';

export const SYNC_PAGE_LIMIT = 1000;
export const SYNC_FAILED_MESSAGE = 'Could not update the local catalogue';

/** One page of `GET /sync/{resource}` (the envelope's `data`). */
export interface SyncPage {
  rows: unknown[];
  deleted: string[];
  cursor: number;
  more: boolean;
}

export type FetchSyncPage = (resource: SyncResource, after: number, limit: number, signal?: AbortSignal) => Promise<unknown>;

export const fetchSyncPageThroughApi: FetchSyncPage = (resource, after, limit, signal) =>
  api.get(`/sync/${resource}?after=${after}&limit=${limit}`, { fallbackMessage: SYNC_FAILED_MESSAGE, signal });

export interface CatalogSyncOptions {
  fetchPage?: FetchSyncPage;
  /** Epoch milliseconds, read when a pull completes. */
  now?: () => number;
  signal?: AbortSignal;
  pageLimit?: number;
  status?: Pick<SyncStatusActions, 'markSynced'>;
}

export interface PullResult {
  resource: SyncResource;
  pages: number;
  upserted: number;
  deleted: number;
  cursor: number;
  /** Whether it was a first pull of products, switched in as a snapshot with the table to fill. */
  staged?: boolean;
}

/** The stored progress of `resource` (cursor 0 before the first pull). */
export async function syncStateOf(db: TillDb, resource: SyncResource): Promise<SyncStateRow> {
  return (await db.syncState.get(resource)) ?? { resource, cursor: 0, lastSyncAt: null };
}

/** Pulls one resource from its stored cursor until the server has no more. */
export async function pullResource(db: TillDb, resource: SyncResource, options: CatalogSyncOptions = {}): Promise<PullResult> {
  const fetchPage = options.fetchPage ?? fetchSyncPageThroughApi;
  const now = options.now ?? Date.now;
  const limit = options.pageLimit ?? SYNC_PAGE_LIMIT;
  const table = db.dataTable(resource);
  const result: PullResult = { resource, pages: 0, upserted: 0, deleted: 0, cursor: (await syncStateOf(db, resource)).cursor };

  // The next page is asked for while this one is stored: the server, the network and the
  // local database each work at once instead of in turn (a first pull of 100,000 products is
  // 100 pages). Its failure is seen when it is awaited, after this page is stored.
  let next = prefetched(fetchPage(resource, result.cursor, limit, options.signal));
  for (;;) {
    const after = result.cursor;
    const page = checkPage(await next, resource, after);
    if (page.more) next = prefetched(fetchPage(resource, page.cursor, limit, options.signal));
    const storing = tillNow();
    const products = resource === 'products';
    await db.transaction('rw', [table, db.syncState, ...(products ? stagingScope(db) : [])], async () => {
      const state = await syncStateOf(db, resource);
      // Another pull (a second tab) stored this page first: nothing to do.
      if (state.cursor > after) return;
      if (products && (await stagesPage(db, after, page.more))) {
        if (await stagePage(db, { cursor: page.cursor, rows: page.rows as Product[], deleted: page.deleted }, page.more)) result.staged = true;
      } else {
        await table.bulkPut(page.rows);
        await table.bulkDelete(page.deleted);
      }
      await db.syncState.put({ resource, cursor: page.cursor, lastSyncAt: page.more ? state.lastSyncAt : now() });
    });
    tillMeasure('catalog-page', storing, { resource, rows: page.rows.length });
    result.pages += 1;
    result.upserted += page.rows.length;
    result.deleted += page.deleted.length;
    result.cursor = page.cursor;
    if (!page.more) return result;
  }
}

/** A request awaited later: its failure must not count as unhandled in the meantime. */
function prefetched<T>(request: Promise<T>): Promise<T> {
  request.catch(() => undefined);
  return request;
}

/** Pulls every resource (categories first, as products name theirs) and marks the sync time. */
export async function syncCatalog(db: TillDb, options: CatalogSyncOptions = {}): Promise<PullResult[]> {
  const started = tillNow();
  const results: PullResult[] = [];
  for (const resource of syncResources) results.push(await pullResource(db, resource, options));
  // A pull that brought many products (a shop's first: all of them) left them as a long log
  // for the screens to replay: they are written as a snapshot before the pull counts as done,
  // so the till's next start reads a few large rows (catalog-snapshot.ts). A snapshot that
  // cannot be written is no failed pull: the screens replay the log instead. A staged first
  // pull already switched to its snapshot.
  const products = results.find((result) => result.resource === 'products');
  const snapshot = products !== undefined && !products.staged && products.upserted + products.deleted >= COMPACT_AFTER_ROWS;
  if (snapshot) {
    const writing = tillNow();
    await snapshotCatalog(db).catch((error: unknown) => console.error('The catalogue snapshot could not be written', error));
    tillMeasure('catalog-snapshot', writing);
  }
  // `till:catalog-sync`, with what each resource brought (the first pull of a shop: everything).
  tillMeasure('catalog-sync', started, {
    ...Object.fromEntries(results.map((result) => [result.resource, result.upserted])),
    snapshot,
    staged: products?.staged === true,
  });
  (options.status ?? useSyncStatusStore.getState()).markSynced((options.now ?? Date.now)());
  return results;
}

/**
 * The page, checked: a page the till cannot trust is refused before anything is stored (and a
 * cursor that does not move while `more` is true would loop forever).
 */
function checkPage(value: unknown, resource: SyncResource, after: number): SyncPage & { rows: { _id: string }[] } {
  const broken = (what: string) => new Error(`The server's ${resource} page after ${after} ${what}`);
  if (value === null || typeof value !== 'object') throw broken('is empty');
  const { rows, deleted, cursor, more } = value as Record<string, unknown>;
  if (!Array.isArray(rows) || !rows.every(hasId)) throw broken('has rows without an _id');
  if (!Array.isArray(deleted) || !deleted.every((id) => typeof id === 'string')) throw broken('has a bad deleted list');
  if (typeof cursor !== 'number' || !Number.isSafeInteger(cursor) || cursor < after) throw broken('has a bad cursor');
  if (typeof more !== 'boolean') throw broken('does not say whether more follow');
  if (more && cursor === after) throw broken('says more follow but its cursor did not move');
  return { rows, deleted, cursor, more };
}

function hasId(row: unknown): row is { _id: string } {
  return row !== null && typeof row === 'object' && typeof (row as { _id?: unknown })._id === 'string';
}
