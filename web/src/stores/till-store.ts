/**
 * SPEC part 3's till state: the cart screen's `invoice`, the open order being worked on
 * (`singleInvoiceOpenOrder`), the custom-product and quantity flags, and the chosen category
 * (`categoryId`; "" shows every product). The search text is the shared search store's.
 *
 * The till sells from its local database (issue 7): the invoices themselves live there, keyed by
 * their client ref, and the screens read them live. This store only says WHICH invoice is the
 * cart and which open order is being worked on, by ref.
 */
import { create } from 'zustand';

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

export const useTillStore = create<TillState & TillActions>()((set) => ({
  ...tillDefaults,
  setInvoice: (invoice) => set({ invoice }),
  setSingleInvoiceOpenOrder: (singleInvoiceOpenOrder) => set({ singleInvoiceOpenOrder }),
  flipCustomProduct: () => set((state) => ({ toggleCustomProduct: !state.toggleCustomProduct })),
  flipQuantity: () => set((state) => ({ toggleQuantity: !state.toggleQuantity })),
  setCategoryId: (categoryId) => set({ categoryId }),
  resetTill: () => set(tillDefaults),
}));
