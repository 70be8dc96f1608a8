import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillCatalogTable, pendingScope, productWithBarcode, readProduct } from './catalog-fill';
import { fillPending, FILL_STATE_KEY, META_KEY } from './catalog-rows';
import { byName, compactCatalog, readLocalProducts, SNAPSHOT_PART_SIZE } from './catalog-snapshot';
import { pullResource, syncStateOf, type FetchSyncPage } from './catalog-sync';
import { openLocalDb, type TillDb } from './local-db';
import { writeScope } from './outbox';
import { localProduct } from './offline-test-support';
import type { Product } from './types';

const product = (n: number, quantity = 10): Product =>
  localProduct({
    _id: `p-${String(n).padStart(5, '0')}`,
    product_id: `P-${n}`,
    barcodeNumber: `b-${n}`,
    // Name order differs from id order, so parts are not id ranges.
    productName: `Item ${String((n * 7919) % 10007).padStart(5, '0')}`,
    category: { _id: `cat-${n % 5}`, categoryName: `Category ${n % 5}` },
    quantity,
  });

/** 5,000 products (three snapshot parts), in pages of 1,000, the last page deleting one and changing one. */
const COUNT = 5000;
const PAGE = 1000;
const catalogue = Array.from({ length: COUNT }, (_, n) => product(n));
const pages: Record<number, unknown> = {};
for (let page = 0; page < COUNT / PAGE; page += 1) {
  const last = page === COUNT / PAGE - 1;
  pages[page * 10] = {
    rows: [...catalogue.slice(page * PAGE, (page + 1) * PAGE), ...(last ? [{ ...product(3), quantity: 3 }] : [])],
    deleted: last ? ['p-00007'] : [],
    cursor: (page + 1) * 10,
    more: !last,
  };
}
/** What the server's catalogue is after the first pull. */
const pulled = catalogue.filter((row) => row._id !== 'p-00007').map((row) => (row._id === 'p-00003' ? { ...row, quantity: 3 } : row));

function server(extra: Record<number, unknown> = {}, failAfter?: number) {
  return vi.fn<FetchSyncPage>(async (resource, after) => {
    if (resource !== 'products') return { rows: [], deleted: [], cursor: after, more: false };
    if (failAfter !== undefined && after >= failAfter) throw new Error(`no page after ${after}`);
    const page = extra[after] ?? pages[after];
    if (!page) throw new Error(`no page after ${after}`);
    return page;
  });
}

const now = () => 1_700_000_000_000;
const byId = (a: Product, b: Product) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const tableRows = async (db: TillDb) => (await db.products.toArray()).sort(byId);
const noPause = () => Promise.resolve();
/** Stops a fill after `steps` transactions of `chunk` rows (a runtime stopped, a page reloaded). */
const stopAfter = (steps: number, chunk = SNAPSHOT_PART_SIZE) => {
  let seen = 0;
  return { pause: noPause, chunk, stopped: () => seen++ >= steps };
};

const opened: TillDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});
function open(factory = new IDBFactory()) {
  const db = openLocalDb('shop-fill', { indexedDB: factory, IDBKeyRange });
  opened.push(db);
  return db;
}

describe('a first pull of products', () => {
  it('leaves the products table empty and the screens with the whole catalogue, the table fill pending', async () => {
    const db = open();
    const result = await pullResource(db, 'products', { fetchPage: server(), now, pageLimit: PAGE });
    expect(result).toMatchObject({ pages: 5, staged: true, cursor: 50 });
    expect(await db.products.count()).toBe(0);
    expect(await db.catalogStaging.count()).toBe(0);
    expect(await syncStateOf(db, 'products')).toEqual({ resource: 'products', cursor: 50, lastSyncAt: now() });
    const local = await readLocalProducts(db);
    expect(local.products).toEqual([...pulled].sort(byName));
    expect(await db.catalogSnapshot.get(META_KEY)).toMatchObject({ count: COUNT - 1, parts: Math.ceil((COUNT - 1) / SNAPSHOT_PART_SIZE) });
    expect(await fillPending(db)).toBe(true);
    // The commands find every product, by id and by barcode.
    await db.transaction('r', [db.products, ...pendingScope(db)], async () => {
      expect(await readProduct(db, 'p-00003')).toMatchObject({ quantity: 3 });
      expect(await readProduct(db, 'p-00007')).toBeUndefined();
      expect(await productWithBarcode(db, 'b-4321')).toMatchObject({ _id: 'p-04321' });
      expect(await productWithBarcode(db, 'b-7')).toBeUndefined();
    });
  });

  it('fills the table with the pulled catalogue in the background, logging nothing', async () => {
    const db = open();
    await pullResource(db, 'products', { fetchPage: server(), now, pageLimit: PAGE });
    const log = await db.productChanges.count();
    expect(writeScope(db).map((table) => table.name)).toContain('catalogSnapshot');
    expect(await fillCatalogTable(db, { pause: noPause })).toBe(true);
    expect(await tableRows(db)).toEqual([...pulled].sort(byId));
    expect(await fillPending(db)).toBe(false);
    // The commands' transactions no longer wait behind the screens' reads of the snapshot.
    expect(writeScope(db).map((table) => table.name)).not.toContain('catalogSnapshot');
    expect(await db.catalogFill.count()).toBe(0);
    expect(await db.productChanges.count()).toBe(log);
    expect((await readLocalProducts(db)).products).toEqual([...pulled].sort(byName));
  });

  it('resumes a pull cut after some pages from the last page staged', async () => {
    const db = open();
    await expect(pullResource(db, 'products', { fetchPage: server({}, 20), now, pageLimit: PAGE })).rejects.toThrow('no page after 20');
    expect(await db.catalogStaging.count()).toBe(2);
    expect(await syncStateOf(db, 'products')).toEqual({ resource: 'products', cursor: 20, lastSyncAt: null });
    expect(await db.products.count()).toBe(0);

    const resumed = server();
    expect(await pullResource(db, 'products', { fetchPage: resumed, now, pageLimit: PAGE })).toMatchObject({ staged: true, pages: 3 });
    expect(resumed.mock.calls.map(([, after]) => after)).toEqual([20, 30, 40]);
    expect((await readLocalProducts(db)).products).toEqual([...pulled].sort(byName));
    await fillCatalogTable(db, { pause: noPause });
    expect(await tableRows(db)).toEqual([...pulled].sort(byId));
  });

  it('stores a one-page first pull row by row, as before', async () => {
    const db = open();
    const one = server({ 0: { rows: catalogue.slice(0, 3), deleted: [], cursor: 1, more: false } });
    expect(await pullResource(db, 'products', { fetchPage: one, now })).not.toHaveProperty('staged');
    expect(await db.products.count()).toBe(3);
    expect(await fillPending(db)).toBe(false);
  });
});

describe('the table fill', () => {
  it('does not bring back a product a later pull deleted, nor overwrite one it changed', async () => {
    const db = open();
    await pullResource(db, 'products', { fetchPage: server(), now, pageLimit: PAGE });
    await fillCatalogTable(db, stopAfter(1));
    const state = await db.catalogFill.get(FILL_STATE_KEY);
    expect(state).toMatchObject({ next: 1 });
    const local = await readLocalProducts(db);
    // Products of the parts not copied yet: one deleted, one changed by the next pull.
    const [gone, changed] = local.products.slice(SNAPSHOT_PART_SIZE + 10, SNAPSHOT_PART_SIZE + 12);
    expect(await db.products.get(gone._id)).toBeUndefined();
    const delta = server({ 50: { rows: [{ ...changed, quantity: 99 }], deleted: [gone._id], cursor: 51, more: false } });
    expect(await pullResource(db, 'products', { fetchPage: delta, now, pageLimit: PAGE })).not.toHaveProperty('staged');

    expect(await fillCatalogTable(db, { pause: noPause })).toBe(true);
    expect(await db.products.get(gone._id)).toBeUndefined();
    expect(await db.products.get(changed._id)).toMatchObject({ quantity: 99 });
    const expected = pulled.filter((row) => row._id !== gone._id).map((row) => (row._id === changed._id ? { ...row, quantity: 99 } : row));
    expect(await tableRows(db)).toEqual(expected.sort(byId));
    expect((await readLocalProducts(db)).products).toEqual(expected.sort(byName));
  });

  it('goes on after a reload from the part it had reached', async () => {
    const factory = new IDBFactory();
    const db = open(factory);
    await pullResource(db, 'products', { fetchPage: server(), now, pageLimit: PAGE });
    expect(await fillCatalogTable(db, stopAfter(10, 250))).toBe(false);
    expect(await db.products.count()).toBe(2500);
    db.close();

    const reloaded = open(factory);
    expect(await reloaded.catalogFill.get(FILL_STATE_KEY)).toMatchObject({ next: 1, offset: 500 });
    expect(await fillCatalogTable(reloaded, { pause: noPause })).toBe(true);
    expect(await tableRows(reloaded)).toEqual([...pulled].sort(byId));
  });

  it('lets two fills run at once, each adding only what is missing', async () => {
    const factory = new IDBFactory();
    const db = open(factory);
    const other = open(factory);
    await pullResource(db, 'products', { fetchPage: server(), now, pageLimit: PAGE });
    const [one, two] = await Promise.all([fillCatalogTable(db, { pause: noPause }), fillCatalogTable(other, { pause: noPause })]);
    expect(one || two).toBe(true);
    expect(await tableRows(db)).toEqual([...pulled].sort(byId));
  });

  it('keeps the snapshot while it is pending: no compaction writes one over it', async () => {
    const db = open();
    await pullResource(db, 'products', { fetchPage: server(), now, pageLimit: PAGE });
    const meta = await db.catalogSnapshot.get(META_KEY);
    await db.products.put({ ...pulled[0], quantity: 1 });
    const local = await readLocalProducts(db);
    expect(await compactCatalog(db, local, noPause)).toBe(false);
    expect(await db.catalogSnapshot.get(META_KEY)).toEqual(meta);
    await fillCatalogTable(db, { pause: noPause });
    expect(await compactCatalog(db, await readLocalProducts(db), noPause)).toBe(true);
  });

  it('stops when the table was cleared after its snapshot', async () => {
    const db = open();
    await pullResource(db, 'products', { fetchPage: server(), now, pageLimit: PAGE });
    await fillCatalogTable(db, stopAfter(1));
    await db.products.clear();
    expect(await fillCatalogTable(db, { pause: noPause })).toBe(false);
    expect(await db.products.count()).toBe(0);
    expect(await fillPending(db)).toBe(false);
  });
});
