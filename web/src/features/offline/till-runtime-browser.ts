/**
 * The till runtime in a real browser: its IndexedDB, read when needed rather than when the
 * module loads (a browser without IndexedDB, or a test environment without one, simply has no
 * offline till), and the question logout asks: how many commands has the server not received?
 */
import type { DexieOptions } from 'dexie';
import { openLocalDb } from './local-db';
import { countUnsent } from './outbox';
import { startTillRuntime, type TillRuntime, type TillRuntimeOptions } from './till-runtime-core';

/** The page's IndexedDB for Dexie, or null when there is none. */
export function browserIndexedDb(): DexieOptions | null {
  const { indexedDB, IDBKeyRange } = globalThis as Partial<Pick<typeof globalThis, 'indexedDB' | 'IDBKeyRange'>>;
  return indexedDB && IDBKeyRange ? { indexedDB, IDBKeyRange } : null;
}

/** Starts the shop's runtime on the page's IndexedDB; null when the browser has none. */
export function startBrowserTillRuntime(options: Omit<TillRuntimeOptions, 'dbOptions'>): TillRuntime | null {
  const dbOptions = browserIndexedDb();
  return dbOptions ? startTillRuntime({ ...options, dbOptions }) : null;
}

/**
 * The commands of `shopId` not yet accepted by the server (pending or in flight; rejected ones
 * are settled). Read from the database, not the status store: the runtime may not run on the
 * page asking (the shop home page) and the outbox is what is at stake. A browser with no
 * IndexedDB, or one that cannot open it, can hold no queue: 0.
 */
export async function countUnsyncedCommands(shopId: string, dbOptions: DexieOptions | null = browserIndexedDb()): Promise<number> {
  if (!dbOptions) return 0;
  const db = openLocalDb(shopId, dbOptions);
  try {
    return await countUnsent(db);
  } catch (error) {
    console.error('The outbox could not be read', error);
    return 0;
  } finally {
    db.close();
  }
}
