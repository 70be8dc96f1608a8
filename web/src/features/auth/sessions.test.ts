import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { sidebarDefaults, useSidebarStore } from '../../stores/sidebar-store';
import { aishaAdmin, benStaff, cornerGrocery, rootSuperAdmin } from '../../test/identity-fixtures';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLocalDb, enqueue, payInvoice } from '@/features/offline/testing';
import { endSession, forgetSession, rememberSession, signOut, unsyncedLogoutMessage } from './sessions';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: object) => new Response(JSON.stringify(body), { status });

function everyoneSignedIn() {
  useAuthStore.setState({ shopData: cornerGrocery, adminData: aishaAdmin, staffData: benStaff, superAdminData: rootSuperAdmin });
}

describe('sessions on the till', () => {
  beforeEach(() => useAuthStore.setState(signedOut));

  it('signing an admin in signs the staff member out: they share the till’s one user session', () => {
    rememberSession('staff', benStaff);
    rememberSession('admin', aishaAdmin);
    expect(useAuthStore.getState()).toMatchObject({ adminData: aishaAdmin, staffData: null });
    rememberSession('staff', benStaff);
    expect(useAuthStore.getState()).toMatchObject({ adminData: null, staffData: benStaff });
  });

  it('remembers the stock grants a person holds, and none when the server names none', () => {
    rememberSession('staff', { ...benStaff, stockPermissions: ['stock_count'] });
    expect(useAuthStore.getState().staffData?.stockPermissions).toEqual(['stock_count']);
    rememberSession('admin', aishaAdmin);
    expect(useAuthStore.getState().adminData?.stockPermissions).toEqual([]);
  });

  it('remembers the shop and the super admin in their own slices', () => {
    rememberSession('shop', cornerGrocery);
    rememberSession('super-admin', rootSuperAdmin);
    expect(useAuthStore.getState()).toMatchObject({ shopData: cornerGrocery, superAdminData: rootSuperAdmin });
  });

  it.each([
    ['shop', 'shopData'],
    ['admin', 'adminData'],
    ['staff', 'staffData'],
    ['super-admin', 'superAdminData'],
  ] as const)('a failed %s check clears only %s', (area, slice) => {
    everyoneSignedIn();
    forgetSession(area);
    const state = useAuthStore.getState();
    expect(state[slice]).toBeNull();
    const others = (['shopData', 'adminData', 'staffData', 'superAdminData'] as const).filter((other) => other !== slice);
    for (const other of others) expect(state[other]).not.toBeNull();
  });

  it('a shop logout also ends the user session on the till, and keeps the super admin', () => {
    everyoneSignedIn();
    endSession('shop');
    expect(useAuthStore.getState()).toMatchObject({ ...signedOut, superAdminData: rootSuperAdmin });
  });

  it.each(['admin', 'staff'] as const)('a %s logout keeps the till signed in to its shop', (area) => {
    everyoneSignedIn();
    endSession(area);
    expect(useAuthStore.getState()).toMatchObject({ shopData: cornerGrocery, adminData: null, staffData: null, superAdminData: rootSuperAdmin });
  });

  it('a super admin logout leaves the till’s sessions alone', () => {
    everyoneSignedIn();
    endSession('super-admin');
    expect(useAuthStore.getState()).toMatchObject({ shopData: cornerGrocery, adminData: aishaAdmin, superAdminData: null });
  });
});

describe('signing out', () => {
  beforeEach(() => {
    everyoneSignedIn();
    useSidebarStore.setState({ sidebarOpen: true });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    useSidebarStore.setState(sidebarDefaults);
  });

  it.each([
    ['shop', '/api/v1/shop/logout'],
    ['admin', '/api/v1/admin/logout'],
    ['staff', '/api/v1/staff/logout'],
    ['super-admin', '/api/v1/super-admin/logout'],
  ] as const)('%s logout posts to %s with no payload', async (area, url) => {
    fetchMock.mockResolvedValue(answer(200, { success: true, message: 'Signed out', data: null }));
    await expect(signOut(area)).resolves.toEqual({ ok: true });
    const [calledUrl, init] = fetchMock.mock.calls[0]!;
    expect(calledUrl).toBe(url);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: undefined });
  });

  it('after success resets the session and the other client stores', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: null }));
    await signOut('admin');
    expect(useAuthStore.getState().adminData).toBeNull();
    expect(useSidebarStore.getState().sidebarOpen).toBe(false);
  });

  it('on failure keeps everything and reports the server’s message', async () => {
    fetchMock.mockResolvedValue(answer(500, { success: false, message: 'Database unavailable' }));
    await expect(signOut('admin')).resolves.toEqual({ ok: false, message: 'Database unavailable' });
    expect(useAuthStore.getState().adminData).toEqual(aishaAdmin);
    expect(useSidebarStore.getState().sidebarOpen).toBe(true);
  });

  it('falls back to "Failed to logout" when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(signOut('shop')).resolves.toEqual({ ok: false, message: 'Failed to logout' });
    expect(useAuthStore.getState().shopData).toEqual(cornerGrocery);
  });

  it('treats a 401 as already signed out and cleans up the till all the same', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, message: 'Please sign in' }));
    await expect(signOut('staff')).resolves.toEqual({ ok: true });
    expect(useAuthStore.getState().staffData).toBeNull();
  });

  describe('with commands the server has not received', () => {
    /** The shop's outbox in a fresh IndexedDB that the app's own code will find. */
    async function outboxWith(states: ('pending' | 'rejected')[]) {
      const indexedDB = new IDBFactory();
      vi.stubGlobal('indexedDB', indexedDB);
      vi.stubGlobal('IDBKeyRange', IDBKeyRange);
      const db = openLocalDb(cornerGrocery._id, { indexedDB, IDBKeyRange });
      for (const state of states) {
        const command = await enqueue(db, { kind: 'payCash', action: payInvoice('r') });
        if (state === 'rejected') await db.outbox.update(command.seq, { state: 'rejected' });
      }
      db.close();
    }

    it.each(['shop', 'admin', 'staff'] as const)('refuses a %s logout, signing nobody out and asking nothing of the server', async (area) => {
      await outboxWith(['pending', 'pending', 'rejected', 'pending']);
      await expect(signOut(area)).resolves.toEqual({ ok: false, message: unsyncedLogoutMessage(3) });
      expect(unsyncedLogoutMessage(3)).toBe(
        '3 changes are not synced yet: connect to the network and wait for them to be sent before signing out',
      );
      expect(fetchMock).not.toHaveBeenCalled();
      expect(useAuthStore.getState()).toMatchObject({ shopData: cornerGrocery, adminData: aishaAdmin, staffData: benStaff });
      expect(useSidebarStore.getState().sidebarOpen).toBe(true);
    });

    it('says "1 change" for one', () => {
      expect(unsyncedLogoutMessage(1)).toBe('1 change is not synced yet: connect to the network and wait for it to be sent before signing out');
    });

    it('lets the till sign out once only rejected commands are left (they are settled)', async () => {
      await outboxWith(['rejected']);
      fetchMock.mockResolvedValue(answer(200, { success: true, data: null }));
      await expect(signOut('admin')).resolves.toEqual({ ok: true });
      expect(useAuthStore.getState().adminData).toBeNull();
    });

    it('never holds the super admin back', async () => {
      await outboxWith(['pending']);
      fetchMock.mockResolvedValue(answer(200, { success: true, data: null }));
      await expect(signOut('super-admin')).resolves.toEqual({ ok: true });
    });

    it('counts the outbox of the shop signed in, not another’s', async () => {
      const countUnsynced = vi.fn(async (shopId: string) => (shopId === 'shop-2' ? 5 : 0));
      fetchMock.mockResolvedValue(answer(200, { success: true, data: null }));
      await expect(signOut('staff', { countUnsynced })).resolves.toEqual({ ok: true });
      expect(countUnsynced).toHaveBeenCalledWith(cornerGrocery._id);
    });
  });
});
