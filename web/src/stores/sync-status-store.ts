/**
 * What the cashier sees of the offline sync (docs/offline.md, "The cashier always knows"): whether
 * the browser is online, how many commands the server has not accepted yet, when the last exchange
 * with the server succeeded, and the commands the server rejected with its reason.
 *
 * The sync engine and the catalogue sync write it (features/offline); screens only read it,
 * except `dismissRejected` once the cashier has read a rejection (the engine also forgets the
 * command in the outbox).
 */
import { create } from 'zustand';

/** A command the server refused, as the cashier is told about it. */
export interface RejectedCommand {
  /** The command's id (its Idempotency-Key). */
  id: string;
  /** What it did, e.g. "addLine". */
  kind: string;
  /** The server's message (or the fallback when it sent none). */
  message: string;
  /** The HTTP status of the refusal. */
  status: number;
  /** Epoch milliseconds of the refusal. */
  rejectedAt: number;
  /**
   * Rows the rollback left alone because a later change moved them; when not 0 the screen
   * should reload what it shows from the server.
   */
  conflicts: number;
}

export interface SyncStatusState {
  online: boolean;
  /** Commands stored but not yet accepted by the server. */
  pendingCount: number;
  /** Epoch milliseconds of the last successful exchange (a command accepted, a pull done). */
  lastSyncAt: number | null;
  /** Oldest first. */
  rejected: RejectedCommand[];
}

export interface SyncStatusActions {
  setOnline: (online: boolean) => void;
  setPendingCount: (pendingCount: number) => void;
  markSynced: (at: number) => void;
  setRejected: (rejected: RejectedCommand[]) => void;
  addRejected: (rejected: RejectedCommand) => void;
  dismissRejected: (id: string) => void;
  resetSyncStatus: () => void;
  /** Forgets one shop's counts and rejections (its till stopped), keeping the network state. */
  clearShopStatus: () => void;
}

export type SyncStatusStore = SyncStatusState & SyncStatusActions;

export const syncStatusDefaults: SyncStatusState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pendingCount: 0,
  lastSyncAt: null,
  rejected: [],
};

export const useSyncStatusStore = create<SyncStatusStore>()((set) => ({
  ...syncStatusDefaults,
  setOnline: (online) => set({ online }),
  setPendingCount: (pendingCount) => set({ pendingCount }),
  // Never moves backwards: a slow pull finishing after a newer command keeps the newer time.
  markSynced: (at) => set((state) => ({ lastSyncAt: Math.max(at, state.lastSyncAt ?? at) })),
  setRejected: (rejected) => set({ rejected }),
  addRejected: (rejected) =>
    set((state) => ({ rejected: [...state.rejected.filter((known) => known.id !== rejected.id), rejected] })),
  dismissRejected: (id) => set((state) => ({ rejected: state.rejected.filter((known) => known.id !== id) })),
  resetSyncStatus: () => set(syncStatusDefaults),
  clearShopStatus: () => set({ pendingCount: 0, lastSyncAt: null, rejected: [] }),
}));
