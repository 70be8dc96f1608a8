// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientStores } from './client-stores';
import { selectedShopDefaults, useSelectedShopStore } from './selected-shop-store';
import { TILL_STORAGE_KEY, tillDefaults, useTillStore } from './till-store';

const stored = (key: string): unknown => {
  const text = localStorage.getItem(key);
  return text === null ? null : (JSON.parse(text) as { state: unknown }).state;
};

describe('what the device remembers across a reload', () => {
  beforeEach(() => {
    useTillStore.setState(tillDefaults);
    useSelectedShopStore.setState(selectedShopDefaults);
    localStorage.clear();
  });

  it('keeps the cart in progress and the quantity mode, and nothing else of the till', () => {
    useTillStore.getState().setInvoice('3f6c1d2e-0000-4000-8000-000000000001');
    useTillStore.getState().flipQuantity();
    useTillStore.getState().setCategoryId('cat-1');
    expect(stored(TILL_STORAGE_KEY)).toEqual({ invoice: '3f6c1d2e-0000-4000-8000-000000000001', toggleQuantity: true });
  });

  it('comes back to the cart in progress after a reload, trusting only what looks right', async () => {
    localStorage.setItem(TILL_STORAGE_KEY, JSON.stringify({ state: { invoice: 'ref-1', toggleQuantity: true, categoryId: 'cat-9' }, version: 1 }));
    await useTillStore.persist.rehydrate();
    expect(useTillStore.getState()).toMatchObject({ invoice: 'ref-1', toggleQuantity: true, categoryId: '' });

    localStorage.setItem(TILL_STORAGE_KEY, JSON.stringify({ state: { invoice: 42, toggleQuantity: 'yes' }, version: 1 }));
    await useTillStore.persist.rehydrate();
    expect(useTillStore.getState()).toMatchObject({ invoice: null, toggleQuantity: false });
  });

  it('keeps the super admin’s chosen shop', async () => {
    useSelectedShopStore.getState().setSelectedShopId('shop-2');
    useSelectedShopStore.setState(selectedShopDefaults, false);
    localStorage.setItem('tillwise-selected-shop', JSON.stringify({ state: { selectedShopId: 'shop-2' }, version: 1 }));
    await useSelectedShopStore.persist.rehydrate();
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-2');
  });

  it('forgets both at logout, so the next person starts afresh', () => {
    useTillStore.getState().setInvoice('ref-1');
    useSelectedShopStore.getState().setSelectedShopId('shop-2');
    resetClientStores();
    expect(stored(TILL_STORAGE_KEY)).toEqual({ invoice: null, toggleQuantity: false });
    expect(stored('tillwise-selected-shop')).toEqual({ selectedShopId: '' });
  });
});
