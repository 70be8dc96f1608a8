/**
 * Selling into one open invoice from the catalogue, shared by the cart screen and the open
 * order screen: the categories and products, the search text and chosen category, adding from
 * a tile or the scanner, and where focus goes after an add (back to the search box for the
 * next scan, or to the new line's quantity in "ask quantity" mode).
 */
import { useCallback, useRef, useState, type RefObject } from 'react';
import { focusUnlessTyping } from '@/lib/focus';
import { notify } from '@/lib/notify';
import { cancelAddLineTiming, startAddLineTiming, timed } from '@/lib/till-timing';
import { useScreenSearch } from '@/lib/use-screen-search';
import type { Product } from '@/features/catalog';
import type { LocalInvoice } from '@/features/offline';
import { previewAddLine } from '../local/cart-commands';
import { FIRST_SELECT_CUSTOMER, tileBlock, visibleProducts } from './product-grid';
import { useTillStore } from '@/stores/till-store';
import { useInvoiceActions } from './use-invoice-actions';
import { useTillCatalog } from './use-till-catalog';
import type { TillData } from '../local/till-data';

/**
 * `invoice` is the local invoice on screen (null before a customer is chosen); `searchRef` is
 * the screen's search box, which takes focus back after an add.
 */
export function useTillSelling(data: TillData | null, invoice: LocalInvoice | null, searchRef: RefObject<HTMLInputElement | null>) {
  const catalog = useTillCatalog(data);
  const actions = useInvoiceActions(data, invoice?._id ?? null);
  // The cart as it will be once the adds being written are stored (cart-commands' previewAddLine).
  const [preview, setPreview] = useState<LocalInvoice | null>(null);
  const shown = shownInvoice(invoice, preview, actions.busy);
  // The latest preview and the adds still being written, for a scan that comes before a render.
  const latestPreview = useRef<LocalInvoice | null>(null);
  const addsWriting = useRef(0);
  const [searchText, setSearchText] = useScreenSearch();
  const categoryId = useTillStore((state) => state.categoryId);
  const setCategoryId = useTillStore((state) => state.setCategoryId);
  const askQuantity = useTillStore((state) => state.toggleQuantity);
  const [focusQuantityOf, setFocusQuantityOf] = useState<string | null>(null);
  const clearFocusQuantity = useCallback(() => setFocusQuantityOf(null), []);

  function afterAdd(productId: string) {
    if (askQuantity) setFocusQuantityOf(productId);
    else focusUnlessTyping(searchRef.current);
  }

  /** Shows the cart with one more `product` at once, built on the cart shown (previews included). */
  function showAdded(product: Product) {
    const base = shownInvoice(invoice, latestPreview.current, addsWriting.current > 0);
    if (!base) return;
    const categories = catalog.categories.state.status === 'ready' ? catalog.categories.state.data : [];
    const rate = categories.find((category) => category._id === product.category._id)?.discountRate ?? 0;
    const next = previewAddLine(base, product, rate, true, Date.now());
    if (!next) return;
    latestPreview.current = next;
    setPreview(next);
  }

  /** The add was refused: the stored cart is shown again. */
  const dropPreview = () => {
    cancelAddLineTiming();
    latestPreview.current = null;
    setPreview(null);
  };

  /** Runs an add that was previewed, counting it as being written until it is. */
  async function writing(add: Promise<boolean>): Promise<boolean> {
    addsWriting.current += 1;
    try {
      return await add;
    } finally {
      addsWriting.current -= 1;
    }
  }

  async function addProduct(product: Product) {
    startAddLineTiming();
    showAdded(product);
    if (await writing(actions.addProduct(product._id))) afterAdd(product._id);
    else dropPreview();
  }

  /**
   * Enter in the search box. A scanner's code is looked up as a barcode in the local catalogue
   * (one more when the product is already in the cart). Typed text that is no product's barcode
   * but leaves exactly one tile that can be added adds that product, so a keyboard can sell too;
   * text that several products match stays in the box for the cashier to narrow, saying so. A
   * code no product has is said with the code and cleared, so the scanner's next code is not
   * appended to it.
   */
  async function scan(text: string): Promise<boolean> {
    if (!invoice) {
      notify.error(FIRST_SELECT_CUSTOMER);
      return false;
    }
    startAddLineTiming();
    const index = catalog.products.state.status === 'ready' ? catalog.products.state.data : null;
    const byBarcode = timed('barcode-lookup', () => index?.byBarcode.get(text) ?? null);
    const matches = byBarcode || !index ? null : visibleProducts(index, categoryId, text, 1);
    if (matches && matches.total > 1) {
      cancelAddLineTiming();
      notify.error(severalMatch(matches.total, text));
      return false;
    }
    const first = matches?.total === 1 ? matches.shown[0] : undefined;
    const single = first && tileBlock(first, shown) === null ? first : null;
    const chosen = single ?? byBarcode;
    // A product known here is shown added at once and the box emptied for the scanner's next
    // code, which may come while this add is still being written (emptying the box only after
    // the write would wipe that next code). An unknown code is emptied too, once refused.
    if (chosen) showAdded(chosen);
    setSearchText('');
    const added = await writing(single ? actions.addProduct(single._id) : actions.addByBarcode(text));
    if (!added) dropPreview();
    // A scanner's next code comes straight away: the search box keeps focus after a barcode.
    if (added && single) afterAdd(single._id);
    else focusUnlessTyping(searchRef.current);
    return added;
  }

  return {
    /** The invoice to show: the stored one, or the preview of the adds being written. */
    invoice: shown,
    catalog,
    actions,
    searchText,
    setSearchText,
    categoryId,
    setCategoryId,
    focusQuantityOf,
    clearFocusQuantity,
    addProduct,
    scan,
  };
}

/** Typed text that names several products: the cashier narrows it or taps the one meant. */
export const severalMatch = (count: number, text: string) =>
  `${count.toLocaleString('en')} products match “${text}”: type more of the name, or tap the one you mean`;

/**
 * The preview while changes are being written (`busy`) or until the stored invoice catches up
 * with it (a change's stored `updatedAt` is never older than its preview's); the stored invoice
 * otherwise, and always for another invoice than the preview's.
 */
export function shownInvoice(stored: LocalInvoice | null, preview: LocalInvoice | null, busy: boolean): LocalInvoice | null {
  if (!stored || !preview || preview.ref !== stored.ref) return stored;
  return busy || preview.updatedAt > stored.updatedAt ? preview : stored;
}
