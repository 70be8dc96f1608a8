import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchSyncPageThroughApi, pullResource, syncCatalog, syncStateOf, type FetchSyncPage } from './catalog-sync';
import type { TillDb } from './local-db';
import { envelope, freshDb, recordingStatus } from './offline-test-support';
import { COMPACT_AFTER_ROWS } from './catalog-snapshot';
import { META_KEY } from './catalog-rows';
import type { Category, Product } from './types';

const category = (id: string, name: string): Category => ({
  _id: id,
  categoryName: name,
  description: '',
  discountRate: 0,
  productCount: 0,
  createdAt: 1,
  updatedAt: 1,
});

const product: Product = {
  _id: 'p-1', product_id: 'P-1', barcodeNumber: '', productName: 'Item', category: { _id: 'c-1', categoryName: 'Drinks' }, quantity: 1,
  unit: 'no', costPrice: 1, costPriceProfit: 0, sellingPrice: 2, pricedFromCost: false, discount: 0, discountType: 'percentage',
  productTax: 0, loyaltyRate: 0, price: 2, createdAt: 1, updatedAt: 1,
};

/** A server holding pages by `after`, for one resource; other resources are empty. */
function pagedServer(pages: Record<number, unknown>, resource = 'categories') {
  return vi.fn<FetchSyncPage>(async (asked, after) => {
    if (asked !== resource) return { rows: [], deleted: [], cursor: after, more: false };
    if (!(after in pages)) throw new Error(`no page after ${after}`);
    return pages[after];
  });
}

let db: TillDb;
const now = () => 1_700_000_000_000;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => {
  vi.unstubAllGlobals();
  db.close();
});

describe('catalogue sync', () => {
  it('pulls pages from the stored cursor until more is false, upserting rows and deleting tombstones', async () => {
    await db.categories.bulkPut([category('c-old', 'Old'), category('c-1', 'Drinks (stale)')]);
    const fetchPage = pagedServer({
      0: { rows: [category('c-1', 'Drinks'), category('c-2', 'Bakery')], deleted: [], cursor: 7, more: true },
      7: { rows: [category('c-3', 'Dairy')], deleted: ['c-old', 'never-seen'], cursor: 9, more: false },
    });

    const result = await pullResource(db, 'categories', { fetchPage, now, pageLimit: 2 });
    expect(result).toEqual({ resource: 'categories', pages: 2, upserted: 3, deleted: 2, cursor: 9 });
    expect(fetchPage.mock.calls.map(([resource, after, limit]) => [resource, after, limit])).toEqual([
      ['categories', 0, 2],
      ['categories', 7, 2],
    ]);
    expect((await db.categories.orderBy('_id').toArray()).map((row) => row.categoryName)).toEqual(['Drinks', 'Bakery', 'Dairy']);
    expect(await syncStateOf(db, 'categories')).toEqual({ resource: 'categories', cursor: 9, lastSyncAt: now() });

    // The next pull starts where this one ended.
    const next = pagedServer({ 9: { rows: [], deleted: ['c-2'], cursor: 9, more: false } });
    await pullResource(db, 'categories', { fetchPage: next, now });
    expect(next.mock.calls[0][1]).toBe(9);
    expect(await db.categories.get('c-2')).toBeUndefined();
  });

  it('keeps every page stored before a failure, with its cursor, and resumes after it', async () => {
    const fetchPage = pagedServer({
      0: { rows: [category('c-1', 'Drinks')], deleted: [], cursor: 5, more: true },
    });
    await expect(pullResource(db, 'categories', { fetchPage, now })).rejects.toThrow('no page after 5');
    expect(await db.categories.count()).toBe(1);
    // Not complete yet: no sync time.
    expect(await syncStateOf(db, 'categories')).toEqual({ resource: 'categories', cursor: 5, lastSyncAt: null });

    const resumed = pagedServer({ 5: { rows: [category('c-2', 'Bakery')], deleted: [], cursor: 6, more: false } });
    await pullResource(db, 'categories', { fetchPage: resumed, now });
    expect(resumed.mock.calls.map(([, after]) => after)).toEqual([5]);
    expect(await db.categories.count()).toBe(2);
  });

  it.each([
    ['a row without an _id', { rows: [{ categoryName: 'x' }], deleted: [], cursor: 3, more: false }],
    ['a cursor going backwards', { rows: [], deleted: [], cursor: -1, more: false }],
    ['more with a cursor that did not move', { rows: [], deleted: [], cursor: 0, more: true }],
    ['no more flag', { rows: [], deleted: [], cursor: 3 }],
    ['a bad deleted list', { rows: [], deleted: [4], cursor: 3, more: false }],
    ['nothing', null],
  ])('refuses a page with %s and stores nothing', async (_label, page) => {
    const fetchPage = pagedServer({ 0: { rows: [category('c-1', 'Drinks')], deleted: [], cursor: 2, more: true }, 2: page });
    await expect(pullResource(db, 'categories', { fetchPage, now })).rejects.toThrow(/categories page after 2/);
    expect(await db.categories.count()).toBe(1);
    expect((await syncStateOf(db, 'categories')).cursor).toBe(2);
  });

  it('asks for the next page while it stores the one it has', async () => {
    const cursorWhenAsked: number[] = [];
    const pages: Record<number, unknown> = {
      0: { rows: [category('c-1', 'Drinks')], deleted: [], cursor: 4, more: true },
      4: { rows: [category('c-2', 'Bakery')], deleted: [], cursor: 9, more: false },
    };
    const fetchPage = vi.fn<FetchSyncPage>(async (_resource, after) => {
      cursorWhenAsked.push((await syncStateOf(db, 'categories')).cursor);
      return pages[after];
    });
    await pullResource(db, 'categories', { fetchPage, now });
    // The page after 4 was asked for before the first page (cursor 4) was stored.
    expect(cursorWhenAsked).toEqual([0, 0]);
    expect(await db.categories.count()).toBe(2);
  });

  it('writes the catalogue snapshot after a pull that brought many products', async () => {
    const many = Array.from({ length: COMPACT_AFTER_ROWS }, (_, n) => ({ ...product, _id: `p-${n}`, productName: `Item ${n}` }));
    const fetchPage = pagedServer({ 0: { rows: many, deleted: [], cursor: 1, more: false } }, 'products');
    await syncCatalog(db, { fetchPage, now, status: recordingStatus() });
    expect(await db.catalogSnapshot.get(META_KEY)).toMatchObject({ asOf: 1, count: COMPACT_AFTER_ROWS });
    expect(await db.productChanges.count()).toBe(0);

    // A small pull leaves its rows in the log for the screens to replay.
    const few = pagedServer({ 1: { rows: many.slice(0, 3), deleted: [], cursor: 2, more: false } }, 'products');
    await syncCatalog(db, { fetchPage: few, now, status: recordingStatus() });
    expect(await db.productChanges.count()).toBe(1);
  });

  it('pulls every resource and marks the sync time', async () => {
    const status = recordingStatus();
    const fetchPage = pagedServer({ 0: { rows: [category('c-1', 'Drinks')], deleted: [], cursor: 1, more: false } });
    const results = await syncCatalog(db, { fetchPage, now, status });
    expect(results.map((result) => result.resource)).toEqual(['categories', 'products', 'customers']);
    expect(status.state.lastSyncAt).toBe(now());
    expect(await syncStateOf(db, 'products')).toEqual({ resource: 'products', cursor: 0, lastSyncAt: now() });
  });

  it('asks the server through the API client for /sync/{resource}?after=&limit=', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => envelope(200, { rows: [], deleted: [], cursor: 12, more: false }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchSyncPageThroughApi('products', 12, 1000)).resolves.toEqual({ rows: [], deleted: [], cursor: 12, more: false });
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/v1/sync/products?after=12&limit=1000');
  });
});
