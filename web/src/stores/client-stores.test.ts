import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientStores } from './client-stores';
import { searchDefaults, useSearchStore } from './search-store';
import { selectedShopDefaults, useSelectedShopStore } from './selected-shop-store';
import { tillDefaults, useTillStore } from './till-store';

describe('search text and selected shop', () => {
  beforeEach(() => {
    useSearchStore.setState(searchDefaults);
    useSelectedShopStore.setState(selectedShopDefaults);
  });

  it('start empty: nothing searched, no shop chosen', () => {
    expect(useSearchStore.getState().searchText).toBe('');
    expect(useSelectedShopStore.getState().selectedShopId).toBe('');
  });

  it('remember what was typed and which shop was chosen', () => {
    useSearchStore.getState().setSearchText('corner');
    useSelectedShopStore.getState().setSelectedShopId('shop-2');
    expect(useSearchStore.getState().searchText).toBe('corner');
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-2');
  });

  it('are back to their defaults after the client stores are reset at logout', () => {
    useSearchStore.getState().setSearchText('corner');
    useSelectedShopStore.getState().setSelectedShopId('shop-2');
    resetClientStores();
    expect(useSearchStore.getState().searchText).toBe('');
    expect(useSelectedShopStore.getState().selectedShopId).toBe('');
  });
});

describe('the till (invoice, category and flags)', () => {
  it('forgets the cart, the category and the flags at logout, so the next cashier starts clean', () => {
    useTillStore.setState({ ...tillDefaults, categoryId: 'cat-1', toggleQuantity: true, toggleCustomProduct: true });
    useTillStore.getState().setInvoice({ _id: 'inv-1' } as never);
    resetClientStores();
    expect(useTillStore.getState()).toMatchObject(tillDefaults);
  });
});
