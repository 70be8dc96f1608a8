/**
 * The "selectedShopId": the shop the super admin is looking at, chosen in the shop
 * selector of the super admin's bar; the employees screen (and later the dashboard) read it.
 * SPEC's default is a preset shop id it does not repeat, so here the default is "none chosen"
 * and the selector picks the first shop once the list arrives. The choice is kept on the device,
 * so a reload shows the same shop; logging out forgets it.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { deviceStorage, storedText } from './device-storage';

interface SelectedShopState {
  /** A shop's `_id`, or '' when none is chosen yet. */
  selectedShopId: string;
}

interface SelectedShopActions {
  setSelectedShopId: (selectedShopId: string) => void;
  resetSelectedShop: () => void;
}

export const selectedShopDefaults: SelectedShopState = { selectedShopId: '' };

export const useSelectedShopStore = create<SelectedShopState & SelectedShopActions>()(
  persist(
    (set) => ({
      ...selectedShopDefaults,
      setSelectedShopId: (selectedShopId) => set({ selectedShopId }),
      resetSelectedShop: () => set(selectedShopDefaults),
    }),
    {
      name: 'tillwise-selected-shop',
      version: 1,
      storage: deviceStorage,
      partialize: ({ selectedShopId }) => ({ selectedShopId }),
      merge: (stored, current) => ({ ...current, selectedShopId: storedText(stored, 'selectedShopId', '') }),
    },
  ),
);
