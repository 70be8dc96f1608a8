/**
 * The till state: the cart screen's `invoice`, the open order being worked on
 * (`singleInvoiceOpenOrder`), the custom-product and quantity flags, and the chosen category
 * (`categoryId`; "" shows every product). The search text is the shared search store's.
 *
 * The till sells from its local database: the invoices themselves live there, keyed by their
 * client ref, and the screens read them live. This store only says WHICH invoice is the cart and
 * which open order is being worked on, by ref. The cart's ref and the quantity mode are kept on
 * the device, so a reload, a crash or a closed tab comes back to the sale in progress (its
 * lines and redemption are in the local database); logging out forgets them.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { deviceStorage, storedText } from './device-storage';

interface TillState {
  /** The ref of the cart screen's invoice (features/sales/local), or null before a customer. */
  invoice: string | null;
  /** The ref of the open order on screen. */
  singleInvoiceOpenOrder: string | null;
  /** Whether the add custom product dialog is open. */
  toggleCustomProduct: boolean;
  /**
   * "Ask quantity": after a product is added from a tile, focus goes to its quantity (weighed
   * goods) instead of back to the search box (the scanner).
   */
  toggleQuantity: boolean;
  categoryId: string;
}

interface TillActions {
  setInvoice: (ref: string | null) => void;
  setSingleInvoiceOpenOrder: (ref: string | null) => void;
  flipCustomProduct: () => void;
  flipQuantity: () => void;
  setCategoryId: (categoryId: string) => void;
  resetTill: () => void;
}

export const tillDefaults: TillState = {
  invoice: null,
  singleInvoiceOpenOrder: null,
  toggleCustomProduct: false,
  toggleQuantity: false,
  categoryId: '',
};

/** The localStorage key of the cart in progress. */
export const TILL_STORAGE_KEY = 'tillwise-till';

export const useTillStore = create<TillState & TillActions>()(
  persist(
    (set) => ({
      ...tillDefaults,
      setInvoice: (invoice) => set({ invoice }),
      setSingleInvoiceOpenOrder: (singleInvoiceOpenOrder) => set({ singleInvoiceOpenOrder }),
      flipCustomProduct: () => set((state) => ({ toggleCustomProduct: !state.toggleCustomProduct })),
      flipQuantity: () => set((state) => ({ toggleQuantity: !state.toggleQuantity })),
      setCategoryId: (categoryId) => set({ categoryId }),
      resetTill: () => set(tillDefaults),
    }),
    {
      name: TILL_STORAGE_KEY,
      version: 1,
      storage: deviceStorage,
      partialize: ({ invoice, toggleQuantity }) => ({ invoice, toggleQuantity }),
      merge: (stored, current) => ({
        ...current,
        invoice: storedText(stored, 'invoice', null),
        toggleQuantity: (stored as { toggleQuantity?: unknown } | null)?.toggleQuantity === true,
      }),
    },
  ),
);
