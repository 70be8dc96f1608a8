import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { aishaAdmin, benStaff, cornerGrocery, rootSuperAdmin } from '../../test/identity-fixtures';
import type { TillRuntime } from './till-runtime-core';
import { createTillRuntimeManager, tillShopId } from './till-runtime-manager';

/** A runtime stand-in that records its stop. */
function fakeRuntime(shopId: string) {
  return { shopId, stop: vi.fn(async () => {}) } as unknown as TillRuntime & { stop: ReturnType<typeof vi.fn> };
}

function managed() {
  const started: (TillRuntime & { stop: ReturnType<typeof vi.fn> })[] = [];
  const start = vi.fn((shopId: string) => {
    const runtime = fakeRuntime(shopId);
    started.push(runtime);
    return runtime;
  });
  const clearStatus = vi.fn();
  const manager = createTillRuntimeManager({ start, clearStatus });
  const changes = vi.fn();
  manager.subscribe(changes);
  return { manager, start, started, clearStatus, changes };
}

const otherShop = { ...cornerGrocery, _id: 'shop-2', shopName: 'Harbour Market' };

describe('till runtime manager', () => {
  beforeEach(() => useAuthStore.setState(signedOut));

  it('runs a till only for a shop with an admin or staff member signed in', () => {
    expect(tillShopId({ shopData: cornerGrocery, adminData: null, staffData: null })).toBeNull();
    expect(tillShopId({ shopData: null, adminData: aishaAdmin, staffData: null })).toBeNull();
    expect(tillShopId({ shopData: cornerGrocery, adminData: aishaAdmin, staffData: null })).toBe('shop-1');
    expect(tillShopId({ shopData: cornerGrocery, adminData: null, staffData: benStaff })).toBe('shop-1');
  });

  it('starts the shop’s runtime once on sign-in and stops it on sign-out', () => {
    const { manager, start, started, clearStatus, changes } = managed();
    const detach = manager.attach();
    useAuthStore.getState().setSuperAdmin(rootSuperAdmin);
    useAuthStore.getState().setShop(cornerGrocery);
    expect(start).not.toHaveBeenCalled();
    expect(manager.current()).toBeNull();

    useAuthStore.getState().setStaff(benStaff);
    expect(start).toHaveBeenCalledExactlyOnceWith('shop-1');
    expect(manager.current()).toBe(started[0]);
    expect(changes).toHaveBeenCalledTimes(1);

    // Staff hands over to the admin on the same shop: the same till keeps running.
    useAuthStore.getState().clearStaff();
    useAuthStore.getState().setAdmin(aishaAdmin);
    // (Between the two, nobody was signed in: the till stopped and started again.)
    expect(start).toHaveBeenCalledTimes(2);
    useAuthStore.getState().setAdmin({ ...aishaAdmin, permissions: [] });
    expect(start).toHaveBeenCalledTimes(2);

    useAuthStore.getState().clearAdminAndStaff();
    expect(started[1]!.stop).toHaveBeenCalledTimes(1);
    expect(manager.current()).toBeNull();
    expect(clearStatus).toHaveBeenCalledTimes(2);
    detach();
  });

  it('moves to the other shop’s till when the shop changes', () => {
    const { manager, start, started, clearStatus } = managed();
    useAuthStore.getState().setShop(cornerGrocery);
    useAuthStore.getState().setAdmin(aishaAdmin);
    const detach = manager.attach();
    expect(start).toHaveBeenCalledExactlyOnceWith('shop-1');

    useAuthStore.getState().setShop(otherShop);
    expect(started[0]!.stop).toHaveBeenCalledTimes(1);
    expect(clearStatus).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenLastCalledWith('shop-2');
    expect(manager.current()?.shopId).toBe('shop-2');

    detach();
    expect(started[1]!.stop).toHaveBeenCalledTimes(1);
    expect(manager.current()).toBeNull();
    // Detached: sign-ins no longer start anything.
    useAuthStore.getState().setShop(cornerGrocery);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('asks only once for a browser that cannot run a till', () => {
    const start = vi.fn(() => null);
    const manager = createTillRuntimeManager({ start, clearStatus: vi.fn() });
    const detach = manager.attach();
    useAuthStore.getState().setShop(cornerGrocery);
    useAuthStore.getState().setAdmin(aishaAdmin);
    useAuthStore.getState().setAdmin({ ...aishaAdmin, userName: 'Aisha N' });
    expect(start).toHaveBeenCalledTimes(1);
    expect(manager.current()).toBeNull();
    detach();
  });
});
