import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPACT_AFTER_ENTRIES, compactCatalog, compactionDue, followLocalProducts, readLocalProducts, refreshLocalProducts, type LocalProducts } from './catalog-snapshot';
import { META_KEY } from './catalog-rows';
import { openLocalDb, type TillDb } from './local-db';
import { databaseBeforeTheLog, freshDb, localProduct } from './offline-test-support';
import type { Product } from './types';

const product = (id: string, productName: string, quantity = 10): Product => localProduct({ _id: id, productName, quantity });

const now = () => Promise.resolve();
/**
 * What the screens showed before the snapshot, when they read the table by its name index: the
 * rows in IndexedDB's key order of the name, then of the primary key.
 */
const keyOrder = new IDBFactory();
const byIndex = async (db: TillDb) =>
  (await db.products.toArray()).sort((a, b) => keyOrder.cmp([a.productName, a._id], [b.productName, b._id]));

// Dexie's liveQuery runs its queries only where Dexie found an IndexedDB when it loaded (as in
// a browser), whatever IndexedDB the database itself was given: tests have none, so name one.
Dexie.dependencies.indexedDB ??= new IDBFactory();
Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;

let db: TillDb;
afterEach(() => db?.close());

describe('the products change log', () => {
  it('logs every write to products in its transaction, and nothing of a write that failed', async () => {
    db = freshDb();
    await db.products.bulkPut([product('p-1', 'Cola'), product('p-2', 'Bread')]);
    await db.transaction('rw', [db.products, db.syncState], async () => {
      await db.products.put(product('p-1', 'Cola', 9));
      await db.products.bulkDelete(['p-2', 'p-none']);
    });
    await expect(
      db.transaction('rw', db.products, async () => {
        await db.products.put(product('p-3', 'Milk'));
        throw new Error('the page was refused');
      }),
    ).rejects.toThrow('the page was refused');
    await db.products.update('p-1', { quantity: 8 });
    await db.products.clear();

    const log = await db.productChanges.toArray();
    expect(log.map(({ seq, put, deleted, reset }) => ({ seq, put: put.map((row) => `${row._id}:${row.quantity}`), deleted, reset }))).toEqual([
      { seq: 1, put: ['p-1:10', 'p-2:10'], deleted: [], reset: undefined },
      { seq: 2, put: ['p-1:9'], deleted: [], reset: undefined },
      { seq: 3, put: [], deleted: ['p-2', 'p-none'], reset: undefined },
      // The refused transaction's entry went with it (its seq too).
      { seq: 4, put: ['p-1:8'], deleted: [], reset: undefined },
      { seq: 5, put: [], deleted: [], reset: true },
    ]);
  });

  it('starts with a reset when a database that already holds products is upgraded to it', async () => {
    const { old, options } = databaseBeforeTheLog('shop-v3', 3);
    await old.table('products').bulkPut([product('p-2', 'Water'), product('p-1', 'Apple juice')]);
    old.close();

    db = openLocalDb('shop-v3', options);
    expect(await db.productChanges.toArray()).toEqual([{ seq: 1, put: [], deleted: [], reset: true }]);
    const local = await readLocalProducts(db);
    expect(local.products.map((row) => row.productName)).toEqual(['Apple juice', 'Water']);
    expect(compactionDue(local)).toBe(true);
  });
});

describe('the catalogue snapshot', () => {
  it('gives the rows and order of the name index, whatever was written, compacted or not', async () => {
    db = freshDb();
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const names = ['Apple', 'apple', 'Banana', 'Crème', 'Cola', 'Zest', 'Ögon', 'Ä'];
    let local: LocalProducts = await readLocalProducts(db);
    for (let round = 0; round < 40; round += 1) {
      const writes = Array.from({ length: 1 + random(30) }, () => product(`p-${random(60)}`, `${names[random(names.length)]} ${random(5)}`, random(9)));
      await db.products.bulkPut(writes);
      if (random(3) === 0) await db.products.bulkDelete(Array.from({ length: random(8) }, () => `p-${random(60)}`));
      if (random(4) === 0) await compactCatalog(db, local, now, 7);

      local = await refreshLocalProducts(db, local);
      const expected = await byIndex(db);
      expect(local.products, `round ${round}, following`).toEqual(expected);
      expect((await readLocalProducts(db)).products, `round ${round}, read afresh`).toEqual(expected);
    }
  });

  it('is written part by part, survives an interruption, and takes the log it covers with it', async () => {
    db = freshDb();
    await db.products.bulkPut(Array.from({ length: 10 }, (_, n) => product(`p-${n}`, `Item ${9 - n}`)));
    await db.products.put(product('p-3', 'Item 6', 1));
    const local = await readLocalProducts(db);
    expect(local).toMatchObject({ seq: 2, snapshotAsOf: 0, logEntries: 2, loggedRows: 11 });

    let pauses = 0;
    const interrupted = () => (++pauses === 3 ? Promise.reject(new Error('reloaded')) : Promise.resolve());
    await expect(compactCatalog(db, local, interrupted, 3)).rejects.toThrow('reloaded');
    expect(await db.catalogSnapshot.count()).toBe(2);
    expect(await db.catalogSnapshot.get(META_KEY)).toBeUndefined();

    let resumed = 0;
    const counting = () => {
      resumed += 1;
      return Promise.resolve();
    };
    expect(await compactCatalog(db, local, counting, 3)).toBe(true);
    expect(resumed).toBe(2);
    expect(await db.catalogSnapshot.get(META_KEY)).toMatchObject({ asOf: 2, size: 3, parts: 4, count: 10 });
    expect(await db.productChanges.count()).toBe(0);
    // An older state cannot replace it.
    expect(await compactCatalog(db, { ...local, seq: 1 }, now, 3)).toBe(false);

    await db.products.delete('p-0');
    const next = await readLocalProducts(db);
    expect(next).toMatchObject({ seq: 3, snapshotAsOf: 2, logEntries: 1, loggedRows: 1 });
    expect(next.products).toEqual(await byIndex(db));
    // The next snapshot leaves no part of the first behind.
    expect(await compactCatalog(db, next, now, 4)).toBe(true);
    expect((await db.catalogSnapshot.toCollection().primaryKeys()).sort()).toEqual([[0, 0, 0], [3, 4, 0], [3, 4, 1], [3, 4, 2]].sort());
  });

  it('does not switch to a snapshot that lost a part while it was written', async () => {
    db = freshDb();
    await db.products.bulkPut(Array.from({ length: 10 }, (_, n) => product(`p-${n}`, `Item ${n}`)));
    const local = await readLocalProducts(db);
    let pauses = 0;
    // Another tab's switch takes a part this run already wrote.
    const meddling = async () => {
      if (++pauses === 3) await db.catalogSnapshot.delete([1, 3, 0]);
    };
    expect(await compactCatalog(db, local, meddling, 3)).toBe(false);
    expect(await db.catalogSnapshot.get(META_KEY)).toBeUndefined();
    expect(await compactCatalog(db, local, now, 3)).toBe(true);
    expect((await readLocalProducts(db)).products).toEqual(await byIndex(db));
  });

  it('stores one category object per category in a part, read back as one', async () => {
    db = freshDb();
    await db.products.bulkPut([product('p-1', 'Cola'), product('p-2', 'Bread'), { ...product('p-3', 'Milk'), category: { _id: 'cat-2', categoryName: 'Dairy' } }]);
    await compactCatalog(db, await readLocalProducts(db), now);
    const read = await readLocalProducts(db);
    expect(read.products).toEqual(await byIndex(db));
    const [bread, cola, milk] = read.products;
    expect(bread.category).toBe(cola.category);
    expect(milk.category).not.toBe(cola.category);
  });

  it('is read again when another tab wrote a snapshot past the log it needed', async () => {
    db = freshDb();
    await db.products.put(product('p-1', 'Cola'));
    const behind = await readLocalProducts(db);
    await db.products.put(product('p-2', 'Bread'));
    await db.products.put(product('p-1', 'Cola', 3));
    await compactCatalog(db, await readLocalProducts(db), now);
    expect(await db.productChanges.count()).toBe(0);

    const caughtUp = await refreshLocalProducts(db, behind);
    expect(caughtUp.products).toEqual(await byIndex(db));
    expect(caughtUp).toMatchObject({ seq: 3, snapshotAsOf: 3, logEntries: 0 });
  });

  it('falls back to the table after a reset, and says a new snapshot is due', async () => {
    db = freshDb();
    await db.products.bulkPut([product('p-1', 'Cola'), product('p-2', 'Bread')]);
    await compactCatalog(db, await readLocalProducts(db), now);
    await db.products.clear();
    await db.products.put(product('p-3', 'Milk'));
    const local = await readLocalProducts(db);
    expect(local.products.map((row) => row._id)).toEqual(['p-3']);
    expect(local.logEntries).toBeGreaterThanOrEqual(COMPACT_AFTER_ENTRIES);
  });
});

describe('following the local products', () => {
  it('hears the first read and each change, and writes a snapshot once the log has grown', async () => {
    db = freshDb();
    await db.products.bulkPut(Array.from({ length: 2500 }, (_, n) => product(`p-${n}`, `Item ${String(n).padStart(4, '0')}`)));
    const heard: LocalProducts[] = [];
    const follower = followLocalProducts(db, (local) => heard.push(local), { pause: now });
    try {
      await waitFor(async () => (await db.catalogSnapshot.get(META_KEY)) !== undefined);
      expect(heard).toHaveLength(1);
      expect(heard[0].products).toHaveLength(2500);

      await db.products.put(product('p-7', 'Item 0007', 0));
      await waitFor(() => heard.length === 2);
      expect(heard[1].products[7]).toMatchObject({ _id: 'p-7', quantity: 0 });
      expect(heard[1].products[8]).toBe(heard[0].products[8]);
      expect(heard[1]).toMatchObject({ seq: 2, snapshotAsOf: 1, logEntries: 1 });
    } finally {
      follower.stop();
    }
  });
});

async function waitFor(check: () => boolean | Promise<boolean>) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('timed out');
}
