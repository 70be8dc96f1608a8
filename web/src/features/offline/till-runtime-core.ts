/**
 * The till's offline machinery for ONE signed-in shop (docs/offline.md): the
 * shop's local database, one sync engine with its triggers, the catalogue pull with its own
 * triggers, and a request for persistent storage (so the browser does not evict an unsynced
 * queue under storage pressure). `stop()` undoes all of it; a runtime is never restarted, the
 * next shop (or the next sign-in) gets a new one (till-runtime-manager.ts decides when).
 *
 * After `stop()` nothing of this runtime reaches the status store any more: a pass or a pull
 * still finishing cannot write the old shop's counts over the next shop's.
 */
import { liveQuery, type DexieOptions } from 'dexie';
import { ApiError } from '../../lib/api-client';
import { useSyncStatusStore, type SyncStatusActions } from '../../stores/sync-status-store';
import { fillCatalogTable } from './catalog-fill';
import { fillPending } from './catalog-rows';
import { syncCatalog, type FetchSyncPage } from './catalog-sync';
import { attachCatalogPull } from './catalog-pull-triggers';
import { systemClock, type Clock } from './clock';
import { openLocalDb, type TillDb } from './local-db';
import { createSyncEngine, type Reconcile, type SendCommand, type SyncEngine, type SyncEngineOptions } from './sync-engine';
import { attachSyncTriggers, type TriggerEnvironment } from './sync-triggers';
import { syncResources } from './types';

/** What the runtime tells the cashier through (the app's sync status store by default). */
export type RuntimeStatus = Pick<SyncStatusActions, 'setOnline' | 'setPendingCount' | 'markSynced' | 'setRejected' | 'addRejected'>;

/** `navigator.storage`, as far as the runtime uses it. */
export type PersistentStorage = Pick<StorageManager, 'persist' | 'persisted'>;

export interface TillRuntime {
  shopId: string;
  db: TillDb;
  engine: SyncEngine;
  /** Pulls the catalogue now; a pull already running is shared rather than doubled. */
  pullNow(): Promise<void>;
  /** Detaches every trigger, waits for the running pass and pull, closes the database. */
  stop(): Promise<void>;
}

export interface TillRuntimeOptions {
  shopId: string;
  /** Which IndexedDB to use (fake-indexeddb in tests). */
  dbOptions?: DexieOptions;
  /** Writes an accepted command's answer locally (the till's invoices: features/sales/local). */
  reconcile?: Reconcile;
  /** Which commands carry whose whole state, so replaced ones are left out (the till's). */
  stateOf?: SyncEngineOptions['stateOf'];
  send?: SendCommand;
  fetchPage?: FetchSyncPage;
  clock?: Clock;
  environment?: TriggerEnvironment;
  /** null: the browser has no storage manager. */
  storage?: PersistentStorage | null;
  status?: RuntimeStatus;
  syncIntervalMs?: number;
  pullIntervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Command kinds whose acceptance changes products' stock or customers' balances (payments, and
 * stock adjusted, received or counted: the server's figures replace the device's own).
 */
const MOVES_STOCK_OR_POINTS = /^pay|Stock$/;

export function startTillRuntime(options: TillRuntimeOptions): TillRuntime {
  const { shopId } = options;
  const clock = options.clock ?? systemClock;
  const environment = options.environment ?? { window, document, navigator };
  const onError = options.onError ?? ((error: unknown) => console.error('The till could not sync', error));
  let stopped = false;
  const status = whileRunning(options.status ?? useSyncStatusStore.getState(), () => !stopped);

  const db = openLocalDb(shopId, options.dbOptions);
  const pullController = new AbortController();
  let pulling: Promise<void> | null = null;
  // A sale or refund the server accepted moved stock and loyalty balances: pull them once the
  // queue has been sent (outside the transaction the answer is written in), so the next
  // redemption limit and stock check read the server's figures. ONE pull after the pass, not one
  // per payment: a queue of 1,000 offline sales would otherwise pull (and re-read the local
  // catalogue) a thousand times while it is being sent.
  let pullAfterPass = false;
  const reconcile: Reconcile = async (accepted, database) => {
    await options.reconcile?.(accepted, database);
    if (pullAfterPass || !accepted.some(({ command }) => MOVES_STOCK_OR_POINTS.test(command.kind))) return;
    pullAfterPass = true;
    clock.setTimeout(() => {
      void engine.settled().then(() => {
        pullAfterPass = false;
        pullInBackground();
      });
    }, 0);
  };
  const engine = createSyncEngine({ db, clock, send: options.send, status, reconcile, stateOf: options.stateOf, onError });

  // The products table owed by a first pull's snapshot (catalog-fill.ts) is filled from the
  // moment the pull is done (and at each start while it is owed), not left for a quiet moment:
  // until it is filled, a command reading a product not copied yet reads the snapshot's parts too. A fill asked for while one runs runs again after it (the running one may have
  // found nothing to do just before a pull switched a snapshot in).
  let filling: Promise<void> | null = null;
  let fillAgain = false;
  const fillInBackground = () => {
    if (stopped) return;
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = fillCatalogTable(db, { stopped: () => stopped })
      .then(() => undefined, (error: unknown) => (stopped ? undefined : onError(error)))
      .finally(() => {
        filling = null;
        if (fillAgain) {
          fillAgain = false;
          fillInBackground();
        }
      });
  };

  // Whether the commands' transactions need the fill's tables (TillDb.fillMayBePending): true
  // until this says otherwise, and kept as this tab's or another's pull and fill change it.
  const fillWatch = liveQuery(() => fillPending(db)).subscribe({
    next: (pending) => {
      db.fillMayBePending = pending;
    },
    error: (error: unknown) => {
      db.fillMayBePending = true;
      if (!stopped) onError(error);
    },
  });

  const pullNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    pulling ??= syncCatalog(db, { fetchPage: options.fetchPage, now: clock.now, signal: pullController.signal, status })
      .then((results) => {
        if (results.some((result) => result.staged)) fillInBackground();
      })
      .finally(() => {
        pulling = null;
      });
    return pulling;
  };
  const pullInBackground = () => void pullNow().catch((error: unknown) => reportPullFailure(error, stopped, onError));

  const detachSync = attachSyncTriggers(engine, { environment, clock, status, intervalMs: options.syncIntervalMs, onError });
  const detachPull = attachCatalogPull(pullInBackground, { environment, clock, intervalMs: options.pullIntervalMs });
  void showLastSync(db, status).catch(onError);
  // A fill a reload cut short goes on.
  fillInBackground();
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  if (storage) void requestPersistentStorage(storage).catch(onError);

  let stopping: Promise<void> | null = null;
  return {
    shopId,
    db,
    engine,
    pullNow,
    stop() {
      if (stopping) return stopping;
      stopped = true;
      detachSync();
      detachPull();
      fillWatch.unsubscribe();
      pullController.abort();
      stopping = (async () => {
        await engine.settled();
        await pulling?.catch(() => undefined);
        await filling;
        db.close();
      })();
      return stopping;
    },
  };
}

/**
 * Asks the browser to keep this origin's storage (the outbox) under pressure, once: a till whose
 * storage is already persistent is not asked again. Answers whether storage is persistent.
 */
export async function requestPersistentStorage(storage: PersistentStorage): Promise<boolean> {
  if (await storage.persisted()) return true;
  return storage.persist();
}

function browserStorage(): PersistentStorage | null {
  return typeof navigator !== 'undefined' && navigator.storage && typeof navigator.storage.persist === 'function'
    ? navigator.storage
    : null;
}

/**
 * After a reload the bar shows the last completed pull, not "never", until the next exchange. A
 * pull cut short by the reload (products in, customers not yet) has not completed: the till
 * says "Synced" only once every resource has been pulled, as of the oldest of them.
 */
export async function showLastSync(db: TillDb, status: Pick<RuntimeStatus, 'markSynced'>): Promise<void> {
  const rows = await db.syncState.bulkGet([...syncResources]);
  const times = rows.map((row) => row?.lastSyncAt ?? null);
  if (times.every((at): at is number => at !== null)) status.markSynced(Math.min(...times));
}

/** Offline (no answer) or signed out (401) are expected states, not faults worth a log line. */
function reportPullFailure(error: unknown, stopped: boolean, onError: (error: unknown) => void): void {
  if (stopped) return;
  if (error instanceof ApiError && (error.status === 0 || error.status === 401)) return;
  onError(error);
}

/** `status`, silenced once `active()` turns false. */
function whileRunning(status: RuntimeStatus, active: () => boolean): RuntimeStatus {
  const gate =
    <A extends unknown[]>(write: (...args: A) => void) =>
    (...args: A) => {
      if (active()) write(...args);
    };
  return {
    setOnline: gate(status.setOnline),
    setPendingCount: gate(status.setPendingCount),
    markSynced: gate(status.markSynced),
    setRejected: gate(status.setRejected),
    addRejected: gate(status.addRejected),
  };
}
