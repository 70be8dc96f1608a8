// @vitest-environment happy-dom
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { syncStatusDefaults, useSyncStatusStore } from '@/stores/sync-status-store';
import { aishaAdmin, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, renderElement, waitFor } from '@/test/render';
import { openLocalDb, type TillDb } from '../local-db';
import { enqueue } from '../outbox';
import { payInvoice, saveInvoice } from '../offline-test-support';
import { parseQueueFile, serialiseQueue } from '../queue-file';
import { createSyncEngine, type SendCommand, type SyncEngine } from '../sync-engine';
import { TillRuntimeContext, type TillRuntimeHandle } from '../till-runtime';
import { SyncStatus } from './sync-status';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

/** 2023-11-14 22:13:20 UTC = 03:13 on the 15th in the Maldives (UTC+5), the shop's zone. */
const SYNCED_AT = 1_700_000_000_000;

let db: TillDb;
let engine: SyncEngine;
let view: Awaited<ReturnType<typeof renderElement>> | undefined;

/** A runtime on its own IndexedDB whose server answers with `send`; no triggers (the test drives it). */
function runtimeWith(send: SendCommand): TillRuntimeHandle {
  db = openLocalDb(cornerGrocery._id, { indexedDB: new IDBFactory(), IDBKeyRange });
  engine = createSyncEngine({ db, send, lock: (pass) => pass(), onError: () => undefined });
  return { shopId: cornerGrocery._id, db, engine, pullNow: async () => undefined };
}

const offline: SendCommand = async () => Promise.reject(new ApiError(0, 'no network'));

async function show(runtime: TillRuntimeHandle | null) {
  view = await renderElement(
    <TillRuntimeContext value={runtime}>
      <SyncStatus />
    </TillRuntimeContext>,
  );
  return view;
}

function toggle() {
  return view!.container.querySelector<HTMLButtonElement>('.sync-status__toggle')!;
}

beforeEach(() => {
  useAuthStore.setState({ ...signedOut, shopData: cornerGrocery, adminData: aishaAdmin });
  useSyncStatusStore.setState(syncStatusDefaults);
  vi.spyOn(Date, 'now').mockReturnValue(SYNCED_AT + 60_000);
});

afterEach(async () => {
  view?.unmount();
  view = undefined;
  engine?.stop();
  await engine?.settled();
  db?.close();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('sync status in the top bar', () => {
  it('shows nothing while no till runs', async () => {
    await show(null);
    expect(view!.container.querySelector('.sync-status')).toBeNull();
  });

  it('shows the unsynced count and the last sync in the shop’s time', async () => {
    const runtime = runtimeWith(offline);
    await enqueue(db, { kind: 'payCash', action: payInvoice('a') });
    await enqueue(db, { kind: 'addLine', action: saveInvoice('b') });
    await engine.refreshStatus();
    useSyncStatusStore.getState().markSynced(SYNCED_AT);
    await show(runtime);
    expect(toggle().textContent).toContain('2 unsynced');
    expect(toggle().textContent).toContain('Synced 03:13');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    await click(toggle());
    const panel = view!.container.querySelector('[role="dialog"]')!;
    expect(panel.textContent).toContain('2 changes wait to be sent');
    expect(panel.textContent).toContain('Synced 03:13');
  });

  it('says so before the first sync, and hides the count once everything is sent', async () => {
    await show(runtimeWith(offline));
    expect(toggle().textContent).toBe('Not synced yet');
    await click(toggle());
    expect(view!.container.querySelector('[role="dialog"]')!.textContent).toContain('Every change has been sent');
  });

  it('lists a rejected command with the server’s reason and when, until dismissed', async () => {
    const runtime = runtimeWith(async () => Promise.reject(new ApiError(404, 'Product not found', 'Product not found')));
    await engine.enqueue({ kind: 'addLine', action: saveInvoice('c') });
    await engine.settled();
    await show(runtime);
    expect(toggle().textContent).toContain('1 rejected');

    await click(toggle());
    const rejection = view!.container.querySelector('.sync-status__rejection')!;
    expect(rejection.textContent).toContain('Add product');
    expect(rejection.textContent).toContain('Product not found');
    expect(rejection.textContent).toContain('Rejected 03:14');

    await click(button(view!.container, 'Dismiss Add product'));
    await waitFor(() => expect(view!.container.querySelector('.sync-status__rejection')).toBeNull());
    expect(toggle().textContent).not.toContain('rejected');
    expect(await db.outbox.count()).toBe(0);
  });

  it('closes on Escape', async () => {
    await show(runtimeWith(offline));
    await click(toggle());
    expect(view!.container.querySelector('[role="dialog"]')).not.toBeNull();
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(view!.container.querySelector('[role="dialog"]')).toBeNull();
  });

  it('exports the unsent commands as a queue file', async () => {
    const runtime = runtimeWith(offline);
    await enqueue(db, { kind: 'payCash', action: payInvoice('a', { method: 'cash' }) }, undefined, { id: 'cmd-1' });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:queue';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await show(runtime);
    await click(toggle());
    await click(button(view!.container, 'Export queue'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Exported 1 change'));
    const file = parseQueueFile(await blobs[0]!.text());
    expect(file.shopId).toBe(cornerGrocery._id);
    expect(file.commands.map((command) => [command.id, command.kind, command.action])).toEqual([['cmd-1', 'payCash', payInvoice('a', { method: 'cash' })]]);
  });

  it('says there is nothing to export when the queue is empty', async () => {
    await show(runtimeWith(offline));
    await click(toggle());
    await click(button(view!.container, 'Export queue'));
    await waitFor(() => expect(notify.message).toHaveBeenCalledWith('Nothing to export: every change has been sent'));
  });

  it('imports a queue file into the outbox and counts it as unsynced', async () => {
    const runtime = runtimeWith(offline);
    const text = serialiseQueue(
      [
        { id: 'x-1', seq: 1, kind: 'payCash', action: payInvoice('a'), createdAt: 5, state: 'pending', attempts: 1, nextAttemptAt: 0, undo: [] },
        { id: 'x-2', seq: 2, kind: 'payCash', action: payInvoice('b'), createdAt: 6, state: 'pending', attempts: 0, nextAttemptAt: 0, undo: [] },
      ],
      cornerGrocery._id,
      7,
    );
    await show(runtime);
    await click(toggle());
    await choose(new File([text], 'queue.json', { type: 'application/json' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Imported 2 changes'));
    expect((await db.outbox.toArray()).map((command) => command.id)).toEqual(['x-1', 'x-2']);
    await waitFor(() => expect(toggle().textContent).toContain('2 unsynced'));
  });

  it('refuses another shop’s file with the reason, importing nothing', async () => {
    const runtime = runtimeWith(offline);
    const text = serialiseQueue([], 'shop-9', 7);
    await show(runtime);
    await click(toggle());
    await choose(new File([text], 'queue.json'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The queue file belongs to another shop'));
    expect(await db.outbox.count()).toBe(0);
  });
});

/** Picks `file` in the hidden file input, as the browser's file dialog would. */
async function choose(file: File) {
  const input = view!.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
