/**
 * Selling into one open invoice from the catalogue, shared by the cart screen and the open
 * order screen: the categories and products, the search text and chosen category, adding from
 * a tile or the scanner, and where focus goes after an add (back to the search box for the
 * next scan, or to the new line's quantity in "ask quantity" mode).
 */
import { useCallback, useState, type RefObject } from 'react';
import { notify } from '../../../lib/notify';
import { cancelAddLineTiming, startAddLineTiming, timed } from '../../../lib/till-timing';
import { useScreenSearch } from '../../../lib/use-screen-search';
import type { Product } from '../../catalog';
import type { Invoice } from '../types';
import { FIRST_SELECT_CUSTOMER, tileBlock, visibleProducts } from './product-grid';
import { useTillStore } from '../../../stores/till-store';
import { useInvoiceActions } from './use-invoice-actions';
import { useTillCatalog } from './use-till-catalog';
import type { TillData } from '../local/till-data';

/**
 * `invoice` is the local invoice on screen (null before a customer is chosen); `searchRef` is
 * the screen's search box, which takes focus back after an add.
 */
export function useTillSelling(data: TillData | null, invoice: Invoice | null, searchRef: RefObject<HTMLInputElement | null>) {
  const catalog = useTillCatalog(data);
  const actions = useInvoiceActions(data, invoice?._id ?? null);
  const [searchText, setSearchText] = useScreenSearch();
  const categoryId = useTillStore((state) => state.categoryId);
  const setCategoryId = useTillStore((state) => state.setCategoryId);
  const askQuantity = useTillStore((state) => state.toggleQuantity);
  const [focusQuantityOf, setFocusQuantityOf] = useState<string | null>(null);
  const clearFocusQuantity = useCallback(() => setFocusQuantityOf(null), []);

  function afterAdd(productId: string) {
    if (askQuantity) setFocusQuantityOf(productId);
    else searchRef.current?.focus();
  }

  async function addProduct(product: Product) {
    startAddLineTiming();
    if (await actions.addProduct(product._id)) afterAdd(product._id);
    else cancelAddLineTiming();
  }

  /**
   * Enter in the search box. A scanner's code is looked up as a barcode in the local catalogue
   * (it adds one more when the product is already in the cart). Typed text that is no product's barcode but
   * leaves exactly one tile that can be added adds that product, so a keyboard can sell too.
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
    const first = matches?.total === 1 ? matches.shown[0] : undefined;
    const single = first && tileBlock(first, invoice) === null ? first : null;
    const added = single ? await actions.addProduct(single._id) : await actions.addByBarcode(text);
    if (!added) cancelAddLineTiming();
    if (added) {
      setSearchText('');
      // A scanner's next code comes straight away: the search box keeps focus after a barcode.
      if (single) afterAdd(single._id);
      else searchRef.current?.focus();
    }
    return added;
  }

  return {
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
