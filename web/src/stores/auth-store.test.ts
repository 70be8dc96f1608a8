import { beforeEach, describe, expect, it } from 'vitest';
import { aishaAdmin as admin, benStaff as staff, cornerGrocery as shop, rootSuperAdmin as superAdmin } from '../test/identity-fixtures';
import { signedOut, useAuthStore } from './auth-store';

function signEveryoneIn() {
  const { setShop, setAdmin, setStaff, setSuperAdmin } = useAuthStore.getState();
  setShop(shop);
  setAdmin(admin);
  setStaff(staff);
  setSuperAdmin(superAdmin);
}

describe('auth store', () => {
  beforeEach(() => useAuthStore.setState(signedOut));

  it('starts with everyone signed out', () => {
    expect(useAuthStore.getState()).toMatchObject(signedOut);
  });

  it('remembers each session that is set', () => {
    signEveryoneIn();
    const state = useAuthStore.getState();
    expect(state.shopData).toEqual(shop);
    expect(state.adminData).toEqual(admin);
    expect(state.staffData).toEqual(staff);
    expect(state.superAdminData).toEqual(superAdmin);
  });

  it.each([
    ['clearShop', 'shopData'],
    ['clearAdmin', 'adminData'],
    ['clearStaff', 'staffData'],
    ['clearSuperAdmin', 'superAdminData'],
  ] as const)('%s signs out only %s', (action, slice) => {
    signEveryoneIn();
    useAuthStore.getState()[action]();
    const state = useAuthStore.getState();
    expect(state[slice]).toBeNull();
    const others = (['shopData', 'adminData', 'staffData', 'superAdminData'] as const).filter((s) => s !== slice);
    for (const other of others) expect(state[other]).not.toBeNull();
  });

  it('clearAdminAndStaff keeps the shop and the super admin signed in', () => {
    signEveryoneIn();
    useAuthStore.getState().clearAdminAndStaff();
    const state = useAuthStore.getState();
    expect(state.adminData).toBeNull();
    expect(state.staffData).toBeNull();
    expect(state.shopData).toEqual(shop);
    expect(state.superAdminData).toEqual(superAdmin);
  });

  it('clearAll signs everyone out', () => {
    signEveryoneIn();
    useAuthStore.getState().clearAll();
    expect(useAuthStore.getState()).toMatchObject(signedOut);
  });

  it('replaces a session rather than merging it, so a revoked permission is gone', () => {
    const { setAdmin } = useAuthStore.getState();
    setAdmin(admin);
    setAdmin({ ...admin, permissions: ['product_read'] });
    expect(useAuthStore.getState().adminData?.permissions).toEqual(['product_read']);
  });
});
