import { beforeEach, describe, expect, it } from 'vitest';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { aishaAdmin, benStaff, cornerGrocery, rootSuperAdmin } from '../../test/identity-fixtures';
import { onWelcomePageOpened } from './welcome-session';

describe('opening the welcome page', () => {
  beforeEach(() => useAuthStore.setState(signedOut));

  it('signs out the admin and the staff member but keeps the shop and the super admin', () => {
    const store = useAuthStore.getState();
    store.setShop(cornerGrocery);
    store.setAdmin(aishaAdmin);
    store.setStaff(benStaff);
    store.setSuperAdmin(rootSuperAdmin);

    onWelcomePageOpened();

    const state = useAuthStore.getState();
    expect(state.adminData).toBeNull();
    expect(state.staffData).toBeNull();
    expect(state.shopData).toEqual(cornerGrocery);
    expect(state.superAdminData).toEqual(rootSuperAdmin);
  });

  it('is harmless when nobody is signed in', () => {
    onWelcomePageOpened();
    expect(useAuthStore.getState()).toMatchObject(signedOut);
  });
});
