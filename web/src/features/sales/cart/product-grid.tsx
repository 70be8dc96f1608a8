import { useMemo } from 'react';
import { LoadStatus } from '@/components/data-table';
import { timed } from '@/lib/till-timing';
import type { ServerDataHandle } from '@/lib/use-server-data';
import { formatMoney, type Product } from '@/features/catalog';
import type { Invoice } from '@/types/invoice';
import { searchCatalog, type CatalogIndex, type CatalogMatches } from './catalog-index';

interface ProductGridProps {
  products: ServerDataHandle<CatalogIndex>;
  invoice: Invoice | null;
  categoryId: string;
  searchText: string;
  currencyCode: string;
  busy: boolean;
  onAdd: (product: Product) => void;
}

/**
 * The most tiles the grid shows at once. A shop with 50,000 products cannot have them all on
 * screen (rendering them took seconds); the cashier narrows them with the search or a category.
 */
export const TILE_LIMIT = 40;

/** The tiles to show: the first TILE_LIMIT products of the chosen category ("" all) matching the search. */
export function visibleProducts(index: CatalogIndex, categoryId: string, searchText: string, limit = TILE_LIMIT): CatalogMatches {
  return timed('search', () => searchCatalog(index, categoryId, searchText, limit));
}

/** The note under a grid that shows only part of the matches. */
export const showingNote = (shown: number, total: number) =>
  `Showing ${shown.toLocaleString('en')} of ${total.toLocaleString('en')} products: search or choose a category to find the others.`;

/** The text on a tile that cannot be tapped before a customer is chosen. */
export const FIRST_SELECT_CUSTOMER = 'First Select Customer';

/**
 * Why a tile cannot be tapped, or null when it can. A product already on a line can: a tap adds
 * one more, as a scan does (docs/counter.md: a disabled "Already in Cart" tile left a cashier
 * typing quantities for what a scanner adds with a beep).
 */
export function tileBlock(product: Product, invoice: Invoice | null): string | null {
  if (!invoice) return FIRST_SELECT_CUSTOMER;
  if (product.quantity <= 0) return 'Out of Stock';
  return null;
}

/** How much of the product the cart holds, for its tile: "In cart: 2", "In cart: 1.5 kg". */
function inCart(product: Product, invoice: Invoice | null): string | null {
  const line = invoice?.products.find((candidate) => candidate.productId === product._id);
  if (!line) return null;
  return `In cart: ${String(line.quantity)}${line.unit === 'no' ? '' : ` ${line.unit}`}`;
}

/**
 * The right column: a tile per product (at most TILE_LIMIT, with a note saying how many
 * more match), filtered by the chosen category or the search text. A tile adds one of its product
 * to the cart, and says how much the cart holds; it is disabled, saying why, before a customer
 * is chosen ("First Select Customer") and when the product is out of stock.
 */
export function ProductGrid({ products, invoice, categoryId, searchText, currencyCode, busy, onAdd }: ProductGridProps) {
  const { state, reload } = products;
  const index = state.status === 'ready' ? state.data : null;
  const matches = useMemo(() => (index ? visibleProducts(index, categoryId, searchText) : null), [index, categoryId, searchText]);
  if (state.status !== 'ready' || !matches) {
    return (
      <LoadStatus
        state={
          state.status === 'error'
            ? { status: 'error', message: state.message, onRetry: reload }
            : { status: 'loading', label: 'Loading products…' }
        }
      />
    );
  }
  const { shown, total } = matches;
  if (shown.length === 0) {
    return <LoadStatus state={{ status: 'empty', message: searchText ? `No product matches “${searchText}”.` : 'No products here yet.' }} />;
  }
  return (
    <>
    <ul className="product-grid" aria-label="Products">
      {shown.map((product) => {
        const blocked = tileBlock(product, invoice);
        const held = inCart(product, invoice);
        return (
          <li key={product._id}>
            <button
              type="button"
              className={held ? 'product-tile product-tile--in-cart' : 'product-tile'}
              disabled={blocked !== null || busy}
              aria-describedby={blocked ? `tile-${product._id}-block` : undefined}
              onClick={() => onAdd(product)}
            >
              <span className="product-tile__name">{product.productName}</span>
              <span className="product-tile__price">{formatMoney(product.price, currencyCode)}</span>
              <span className="product-tile__stock">
                {String(product.quantity)} {product.unit} left
              </span>
              {blocked && (
                <span id={`tile-${product._id}-block`} className="product-tile__block">
                  {blocked}
                </span>
              )}
              {held && !blocked && <span className="product-tile__in-cart">{held}</span>}
            </button>
          </li>
        );
      })}
    </ul>
    {total > shown.length && <p className="product-grid__more">{showingNote(shown.length, total)}</p>}
    </>
  );
}
