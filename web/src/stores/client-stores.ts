/**
 * Resetting the client-held state at logout (SPEC part 4): the next person on this till starts
 * from the defaults. Each store that SPEC part 3 lists is reset here as it lands (category,
 * invoices, custom-product and quantity flags are still to come); the auth slices are ended
 * separately, by whoever knows which session closed.
 */
import { useSearchStore } from './search-store';
import { useSelectedShopStore } from './selected-shop-store';
import { useSidebarStore } from './sidebar-store';

export function resetClientStores(): void {
  useSidebarStore.getState().resetSidebar();
  useSearchStore.getState().resetSearch();
  useSelectedShopStore.getState().resetSelectedShop();
}
