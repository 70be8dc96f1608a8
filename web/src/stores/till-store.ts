/**
 * SPEC part 3's till state: the cart screen's `invoice`, the open order being worked on
 * (`singleInvoiceOpenOrder`), the custom-product and quantity flags, and the chosen category
 * (`categoryId`; "" shows every product). The search text is the shared search store's.
 *
 * The invoices are the server's answers, kept as sent: every change goes to the server and its
 * answer replaces what is held, so the screen never shows a cart the server does not have.
 */
import { create } from 'zustand';
import type { Invoice } from '../features/sales/types';

interface TillState {
  invoice: Invoice | null;
  singleInvoiceOpenOrder: Invoice | null;
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
  setInvoice: (invoice: Invoice | null) => void;
  setSingleInvoiceOpenOrder: (invoice: Invoice | null) => void;
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
