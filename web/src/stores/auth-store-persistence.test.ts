// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aishaAdmin, cornerGrocery, rootSuperAdmin } from '../test/identity-fixtures';
import { AUTH_STORAGE_KEY, signedOut, useAuthStore } from './auth-store';

function stored(): unknown {
  const text = localStorage.getItem(AUTH_STORAGE_KEY);
  return text === null ? null : (JSON.parse(text) as { state: unknown }).state;
}

describe('auth store persistence', () => {
  beforeEach(() => {
    useAuthStore.setState(signedOut);
    localStorage.clear();
  });

  it('keeps the sessions (and only them) in localStorage as they change', () => {
    useAuthStore.getState().setShop(cornerGrocery);
    useAuthStore.getState().setAdmin(aishaAdmin);
    expect(stored()).toEqual({ shopData: cornerGrocery, adminData: aishaAdmin, staffData: null, superAdminData: null });

    useAuthStore.getState().clearAdminAndStaff();
    expect(stored()).toEqual({ shopData: cornerGrocery, adminData: null, staffData: null, superAdminData: null });
  });

  it('brings the stored sessions back on a reload', async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { shopData: cornerGrocery, adminData: aishaAdmin, superAdminData: rootSuperAdmin }, version: 1 }),
    );
    await useAuthStore.persist.rehydrate();
    const state = useAuthStore.getState();
    expect(state.shopData).toEqual(cornerGrocery);
    expect(state.adminData).toEqual(aishaAdmin);
    expect(state.superAdminData).toEqual(rootSuperAdmin);
    expect(state.staffData).toBeNull();
  });

  it('ignores stored values that are not sessions', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { shopData: 'corner', adminData: { name: 'x' } }, version: 1 }));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject(signedOut);
  });

  it('follows a sign-out made in another tab', async () => {
    useAuthStore.getState().setShop(cornerGrocery);
    useAuthStore.getState().setAdmin(aishaAdmin);
    const otherTab = JSON.stringify({ state: { ...signedOut, shopData: cornerGrocery }, version: 1 });
    localStorage.setItem(AUTH_STORAGE_KEY, otherTab);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: otherTab }));
    await vi.waitFor(() => expect(useAuthStore.getState().adminData).toBeNull());
    expect(useAuthStore.getState().shopData).toEqual(cornerGrocery);
  });
});
