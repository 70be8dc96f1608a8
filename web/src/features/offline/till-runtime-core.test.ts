import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { FetchSyncPage } from './catalog-sync';
import { FakeClock, payInvoice, recordingStatus, saveInvoice } from './offline-test-support';
import { openLocalDb } from './local-db';
import { enqueue } from './outbox';
import type { TriggerEnvironment } from './sync-triggers';
import type { Product } from './types';
import { requestPersistentStorage, showLastSync, startTillRuntime, type TillRuntime, type TillRuntimeOptions } from './till-runtime-core';

function environment() {
  const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const windowTarget = new EventTarget();
  const env: TriggerEnvironment = { window: windowTarget, document: documentTarget, navigator: { onLine: true } };
  return { env, windowTarget, documentTarget };
}

function emptyPage() {
  return { rows: [], deleted: [], cursor: 0, more: false };
}

function storage(persisted: boolean) {
  return { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => true) };
}

/** A server that never answers, until the request is abandoned (as fetch does on abort). */
function pullThatHangsUntilAborted(_resource: string, _after: number, _limit: number, signal?: AbortSignal): Promise<unknown> {
  return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
}

let running: TillRuntime | undefined;

/** A runtime on its own IndexedDB, with every outside thing faked. */
function start(overrides: Partial<TillRuntimeOptions> = {}) {
  const dbOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
  const clock = new FakeClock();
  const status = recordingStatus();
  const env = environment();
  const fetchPage = vi.fn<FetchSyncPage>(async () => emptyPage());
  const send = vi.fn(async () => ({ ok: true }));
  const persistent = storage(false);
  const onError = vi.fn();
  const runtime = startTillRuntime({
    shopId: 'shop-1',
    dbOptions,
    clock,
    status,
    environment: env.env,
    fetchPage,
    send,
    storage: persistent,
    onError,
    ...overrides,
  });
  running = runtime;
  return { runtime, clock, status, env, fetchPage, send, persistent, onError, dbOptions };
}

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('till runtime', () => {
  it('opens the shop’s database, pulls the catalogue at once and asks for persistent storage', async () => {
    const { runtime, fetchPage, persistent, status, clock } = start();
    expect(runtime.db.name).toBe('tillwise-shop-1');
    await runtime.pullNow();
    // One pull at start (pullNow shares it), one request per resource.
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual(['categories', 'products', 'customers']);
    await vi.waitFor(() => expect(persistent.persist).toHaveBeenCalledTimes(1));
    expect(status.state.lastSyncAt).toBe(clock.now());
  });

  it('does not ask again when storage is already persistent', async () => {
    const granted = storage(true);
    await expect(requestPersistentStorage(granted)).resolves.toBe(true);
    expect(granted.persist).not.toHaveBeenCalled();
    const asked = storage(false);
    await expect(requestPersistentStorage(asked)).resolves.toBe(true);
    expect(asked.persist).toHaveBeenCalledTimes(1);
  });

  it('shows the last completed pull after a restart, before the next one completes', async () => {
    const dbOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
    const seed = openLocalDb('shop-1', dbOptions);
    await seed.syncState.put({ resource: 'products', cursor: 9, lastSyncAt: 1_600_000_000_000 });
    await seed.syncState.put({ resource: 'categories', cursor: 4, lastSyncAt: 1_500_000_000_000 });
    await seed.syncState.put({ resource: 'customers', cursor: 7, lastSyncAt: 1_600_000_000_500 });
    seed.close();
    const { status } = start({ dbOptions, fetchPage: pullThatHangsUntilAborted });
    // The pull is as old as its oldest resource.
    await vi.waitFor(() => expect(status.state.lastSyncAt).toBe(1_500_000_000_000));
  });

  it('does not call a pull that a reload cut short (customers never pulled) synced', async () => {
    const db = openLocalDb('shop-1', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.syncState.put({ resource: 'products', cursor: 9, lastSyncAt: 1_600_000_000_000 });
    await db.syncState.put({ resource: 'categories', cursor: 4, lastSyncAt: 1_500_000_000_000 });
    await db.syncState.put({ resource: 'customers', cursor: 3, lastSyncAt: null });
    const status = recordingStatus();
    await showLastSync(db, status);
    expect(status.state.lastSyncAt).toBeNull();
    await db.syncState.put({ resource: 'customers', cursor: 7, lastSyncAt: 1_550_000_000_000 });
    await showLastSync(db, status);
    expect(status.state.lastSyncAt).toBe(1_500_000_000_000);
    db.close();
  });

  it('sends what the outbox already holds', async () => {
    const dbOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
    const seed = openLocalDb('shop-1', dbOptions);
    await enqueue(seed, { kind: 'createCustomer', action: { type: 'createCustomer', customerRef: 'r', payload: { ref: 'r', customerName: 'Rana', phoneNumber: '7700001' } } });
    seed.close();
    const { runtime, send, status } = start({ dbOptions });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await runtime.engine.settled();
    expect(status.state.pendingCount).toBe(0);
    expect(await runtime.db.outbox.count()).toBe(0);
  });

  it('pulls again when back online and every minute while visible, not while hidden', async () => {
    const { runtime, fetchPage, clock, env } = start({ pullIntervalMs: 60_000 });
    await runtime.pullNow();
    const pulls = () => fetchPage.mock.calls.filter((call) => call[0] === 'categories').length;
    expect(pulls()).toBe(1);

    env.windowTarget.dispatchEvent(new Event('online'));
    await runtime.pullNow();
    expect(pulls()).toBe(2);

    clock.advance(60_000);
    await runtime.pullNow();
    expect(pulls()).toBe(3);

    env.documentTarget.visibilityState = 'hidden';
    clock.advance(180_000);
    await runtime.pullNow();
    // pullNow itself pulled once more; the hidden minutes did not.
    expect(pulls()).toBe(4);

    // Shown again after a long while: a pull at once.
    env.documentTarget.visibilityState = 'visible';
    clock.advance(60_000 - 1);
    env.documentTarget.dispatchEvent(new Event('visibilitychange'));
    await runtime.pullNow();
    expect(pulls()).toBe(5);
  });

  it('keeps quiet about a pull that fails for lack of network, reports other failures', async () => {
    const offline = start({ fetchPage: vi.fn(async () => Promise.reject(new ApiError(0, 'no network'))) });
    await expect(offline.runtime.pullNow()).rejects.toThrow('no network');
    await offline.runtime.stop();
    expect(offline.onError).not.toHaveBeenCalled();

    const broken = start({ fetchPage: vi.fn(async () => ({ rows: 'nonsense' })) });
    await vi.waitFor(() => expect(broken.onError).toHaveBeenCalledTimes(1));
  });

  it('pulls once after a pass that sent payments, not once per payment', async () => {
    // Each request lets the runtime's timers run and takes a while, as a real one does: a pull
    // started during the pass would finish before the next payment is sent.
    const clockRef: { clock?: FakeClock } = {};
    const send = vi.fn(async () => {
      clockRef.clock?.advance(0);
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { ok: true };
    });
    const { runtime, fetchPage, clock } = start({ send });
    clockRef.clock = clock;
    await runtime.pullNow();
    const pulls = () => fetchPage.mock.calls.filter((call) => call[0] === 'categories').length;
    for (const n of [1, 2, 3]) {
      await enqueue(runtime.db, { kind: 'payCash', action: payInvoice(`r-${n}`) });
    }
    await enqueue(runtime.db, { kind: 'addLine', action: saveInvoice('r-4') });
    await runtime.engine.drain();
    await runtime.engine.settled();
    clock.advance(0);
    await vi.waitFor(() => expect(pulls()).toBe(2));
    await runtime.pullNow();
    clock.advance(0);
    await runtime.engine.settled();
    // Only the pull after the pass, and pullNow's own: three payments did not pull three times.
    expect(pulls()).toBe(3);
  });

  it('stops every trigger, closes the database and no longer writes the status', async () => {
    const { runtime, fetchPage, send, env, clock, status } = start();
    await runtime.pullNow();
    await runtime.stop();
    expect(runtime.db.isOpen()).toBe(false);
    const pullsBefore = fetchPage.mock.calls.length;
    const sendsBefore = send.mock.calls.length;
    status.state.pendingCount = -7;

    env.windowTarget.dispatchEvent(new Event('online'));
    env.documentTarget.dispatchEvent(new Event('visibilitychange'));
    clock.advance(10 * 60_000);
    await runtime.pullNow();
    expect(fetchPage.mock.calls.length).toBe(pullsBefore);
    expect(send.mock.calls.length).toBe(sendsBefore);
    expect(status.state.pendingCount).toBe(-7);
    // Stopping twice is one stop.
    await expect(runtime.stop()).resolves.toBeUndefined();
  });
});

describe('the products table owed by a first pull', () => {
  const row = (n: number) =>
    ({ _id: `p-${n}`, productName: `Item ${n}`, barcodeNumber: '', category: { _id: 'c-1', categoryName: 'Drinks' }, quantity: 1 }) as unknown as Product;
  const firstPull: FetchSyncPage = async (resource, after) => {
    if (resource !== 'products') return { rows: [], deleted: [], cursor: after, more: false };
    return after === 0 ? { rows: [row(1)], deleted: [], cursor: 1, more: true } : { rows: [row(2)], deleted: [], cursor: 2, more: false };
  };

  it('is filled in the background once the pull is done', async () => {
    const { runtime } = start({ fetchPage: vi.fn<FetchSyncPage>(firstPull) });
    await runtime.pullNow();
    await vi.waitFor(async () => expect(await runtime.db.catalogFill.count()).toBe(0));
    expect((await runtime.db.products.toArray()).map((product) => product._id)).toEqual(['p-1', 'p-2']);
  });

  it('is filled at the next start when the last one stopped before the end', async () => {
    const dbOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
    const left = openLocalDb('shop-1', dbOptions);
    await left.transaction('rw', [left.catalogSnapshot, left.catalogFill], async () => {
      await left.catalogSnapshot.put({ key: [5, 2000, 0], products: [row(1), row(2)] });
      await left.catalogSnapshot.put({ key: [0, 0, 0], asOf: 5, size: 2000, parts: 1, count: 2 });
      await left.catalogFill.put({ key: 0, asOf: 5, size: 2000, parts: 1, next: 0 });
    });
    left.close();
    const { runtime } = start({ dbOptions });
    await vi.waitFor(async () => expect(await runtime.db.catalogFill.count()).toBe(0));
    expect(await runtime.db.products.count()).toBe(2);
  });
});
