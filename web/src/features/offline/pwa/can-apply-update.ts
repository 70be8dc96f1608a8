/**
 * Whether a new version of the app, waiting in the service worker, may take over this till now.
 * Taking over reloads the page, which is only safe when every command the till queued has
 * reached the server (docs/offline.md).
 *
 * The sync engine keeps the outbox's pending count in the sync status store (it re-reads it from
 * IndexedDB after every enqueue and every pass), so this answers from there. Async so that a
 * caller never depends on the count being in memory.
 */
import { useSyncStatusStore } from '@/stores/sync-status-store';

export async function canApplyUpdate(): Promise<boolean> {
  return useSyncStatusStore.getState().pendingCount === 0;
}
