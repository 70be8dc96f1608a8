/**
 * SPEC part 3's "selectedShopId": the shop the super admin is looking at, chosen in the shop
 * selector of the super admin's bar; the employees screen (and later the dashboard) read it.
 * SPEC's default is a preset shop id it does not repeat, so here the default is "none chosen"
 * and the selector picks the first shop once the list arrives.
 */
import { create } from 'zustand';

interface SelectedShopState {
  /** A shop's `_id`, or '' when none is chosen yet. */
  selectedShopId: string;
}

interface SelectedShopActions {
  setSelectedShopId: (selectedShopId: string) => void;
  resetSelectedShop: () => void;
}

export const selectedShopDefaults: SelectedShopState = { selectedShopId: '' };

export const useSelectedShopStore = create<SelectedShopState & SelectedShopActions>()((set) => ({
  ...selectedShopDefaults,
  setSelectedShopId: (selectedShopId) => set({ selectedShopId }),
  resetSelectedShop: () => set(selectedShopDefaults),
}));
