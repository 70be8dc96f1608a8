/**
 * The shops the super admin manages, loaded once and shared by the shop selector in the bar,
 * the shops table and the create-employee form, so a shop created or renamed on one shows on
 * the others at once. Forgotten when the super admin signs out.
 */
import { create } from 'zustand';
import { errorMessage } from '@/lib/api-client';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { useAuthStore, type Shop } from '@/stores/auth-store';
import { useSelectedShopStore } from '@/stores/selected-shop-store';
import { listShops } from '../api/shops-api';

export type ShopsStatus = 'idle' | 'loading' | 'ready' | 'error';

interface ShopsState {
  shops: Shop[];
  status: ShopsStatus;
  /** The last failure's message, shown beside the table's retry. */
  error: string | null;
}

interface ShopsActions {
  /**
   * Asks the server for the list (again). Calls made while one is on its way share it, so the
   * bar and a screen opening together send one request and toast one failure. A list already
   * shown stays on screen while it refreshes.
   */
  load: () => Promise<void>;
  /** A shop the server answered with after a create or an update: added, or replaced by id. */
  upsert: (shop: Shop) => void;
  reset: () => void;
}

export const shopsDefaults: ShopsState = { shops: [], status: 'idle', error: null };

let inFlight: Promise<void> | null = null;
/** Bumped by reset, so an answer that arrives after a sign-out is dropped. */
let generation = 0;

export const useShopsStore = create<ShopsState & ShopsActions>()((set) => ({
  ...shopsDefaults,
  load: () => {
    if (inFlight) return inFlight;
    const started = generation;
    set((state) => ({ status: state.status === 'ready' ? 'ready' : 'loading', error: null }));
    const request: Promise<void> = listShops()
      .then(
        (shops) => {
          if (started !== generation) return;
          set({ shops, status: 'ready', error: null });
          keepSelectionAmong(shops);
        },
        (error: unknown) => {
          if (started !== generation) return;
          const message = errorMessage(error, messages.shopsLoadFailed);
          notify.error(message);
          set({ status: 'error', error: message });
        },
      )
      .finally(() => {
        if (inFlight === request) inFlight = null;
      });
    inFlight = request;
    return request;
  },
  upsert: (shop) =>
    set((state) => ({
      shops: state.shops.some((known) => known._id === shop._id)
        ? state.shops.map((known) => (known._id === shop._id ? shop : known))
        : [...state.shops, shop],
    })),
  reset: () => {
    generation += 1;
    inFlight = null;
    set(shopsDefaults);
  },
}));

/**
 * The selected shop must be one of the list: until the super admin picks one (or when the one
 * picked is gone), it is the first shop.
 */
function keepSelectionAmong(shops: readonly Shop[]) {
  const { selectedShopId, setSelectedShopId } = useSelectedShopStore.getState();
  if (shops.some((shop) => shop._id === selectedShopId)) return;
  setSelectedShopId(shops[0]?._id ?? '');
}

// Another person may sign in as super admin on this till next: they start from an empty list.
useAuthStore.subscribe((state, previous) => {
  if (previous.superAdminData && !state.superAdminData) useShopsStore.getState().reset();
});
