import { beforeEach, describe, expect, it } from 'vitest';
import { syncStatusDefaults, useSyncStatusStore, type RejectedCommand } from './sync-status-store';

const refused = (id: string): RejectedCommand => ({ id, kind: 'addLine', message: 'Invoice not found', status: 404, rejectedAt: 5, conflicts: 0 });

describe('sync status', () => {
  beforeEach(() => useSyncStatusStore.setState(syncStatusDefaults));

  it('never moves the last sync time backwards', () => {
    const { markSynced } = useSyncStatusStore.getState();
    markSynced(200);
    markSynced(100);
    expect(useSyncStatusStore.getState().lastSyncAt).toBe(200);
  });

  it('lists each rejected command once and forgets a dismissed one', () => {
    const { addRejected, dismissRejected } = useSyncStatusStore.getState();
    addRejected(refused('a'));
    addRejected(refused('b'));
    addRejected(refused('a'));
    expect(useSyncStatusStore.getState().rejected.map((rejection) => rejection.id)).toEqual(['b', 'a']);
    dismissRejected('b');
    expect(useSyncStatusStore.getState().rejected.map((rejection) => rejection.id)).toEqual(['a']);
  });
});
