import { beforeEach, describe, expect, it } from 'vitest';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { onWelcomePageOpened } from './welcome-session';

describe('opening the welcome page', () => {
  beforeEach(() => useAuthStore.setState(signedOut));

  it('signs out the admin and the staff member but keeps the shop and the super admin', () => {
    const store = useAuthStore.getState();
    store.setShop({ _id: 's1', shopName: 'Corner Grocery' });
    store.setAdmin({ userName: 'aisha', permissions: ['product_read'] });
    store.setStaff({ staffId: 'ST-1', userName: 'ben' });
    store.setSuperAdmin({ userName: 'root' });

    onWelcomePageOpened();

    const state = useAuthStore.getState();
    expect(state.adminData).toBeNull();
    expect(state.staffData).toBeNull();
    expect(state.shopData).toEqual({ _id: 's1', shopName: 'Corner Grocery' });
    expect(state.superAdminData).toEqual({ userName: 'root' });
  });

  it('is harmless when nobody is signed in', () => {
    onWelcomePageOpened();
    expect(useAuthStore.getState()).toMatchObject(signedOut);
  });
});
