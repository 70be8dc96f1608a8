/**
 * Resetting the client-held state at logout: the next person on this till starts
 * from the defaults: sidebar, search, selected shop and the till (invoices, category, custom-product
 * and quantity flags). The auth slices are ended separately, by whoever knows which session closed.
 */
import { useSearchStore } from './search-store';
import { useSelectedShopStore } from './selected-shop-store';
import { useSidebarStore } from './sidebar-store';
import { useTillStore } from './till-store';

export function resetClientStores(): void {
  useSidebarStore.getState().resetSidebar();
  useSearchStore.getState().resetSearch();
  useSelectedShopStore.getState().resetSelectedShop();
  useTillStore.getState().resetTill();
}
