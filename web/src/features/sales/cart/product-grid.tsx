import { LoadStatus } from '../../../components/data-table';
import { matchesSearch } from '../../../lib/search';
import type { ServerDataHandle } from '../../../lib/use-server-data';
import { formatMoney, type Product } from '../../catalog';
import type { Invoice } from '../types';

interface ProductGridProps {
  products: ServerDataHandle<Product[]>;
  invoice: Invoice | null;
  categoryId: string;
  searchText: string;
  currencyCode: string;
  busy: boolean;
  onAdd: (product: Product) => void;
}

/** The products a tile shows: those of the chosen category ("" all) matching the search. */
export function visibleProducts(products: Product[], categoryId: string, searchText: string): Product[] {
  return products.filter(
    (product) =>
      (!categoryId || product.category._id === categoryId) &&
      matchesSearch(searchText, [product.productName, product.barcodeNumber, product.product_id, product.category.categoryName]),
  );
}

/** SPEC part 5's texts on a tile that cannot be tapped. */
export const FIRST_SELECT_CUSTOMER = 'First Select Customer';
export const ALREADY_IN_CART = 'Already in Cart';

/** Why a tile cannot be tapped (SPEC part 5), or null when it can. */
export function tileBlock(product: Product, invoice: Invoice | null): string | null {
  if (!invoice) return FIRST_SELECT_CUSTOMER;
  if (invoice.products.some((line) => line.productId === product._id)) return ALREADY_IN_CART;
  if (product.quantity <= 0) return 'Out of Stock';
  return null;
}

/**
 * SPEC part 2's right column: a tile per product, filtered by the chosen category or the search
 * text. A tile adds its product to the cart; it is disabled, saying why, before a customer is
 * chosen ("First Select Customer") and once the product is in the cart ("Already in Cart": its
 * quantity is changed on the line).
 */
export function ProductGrid({ products, invoice, categoryId, searchText, currencyCode, busy, onAdd }: ProductGridProps) {
  const { state, reload } = products;
  if (state.status !== 'ready') {
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
  const shown = visibleProducts(state.data, categoryId, searchText);
  if (shown.length === 0) {
    return <LoadStatus state={{ status: 'empty', message: searchText ? `No product matches “${searchText}”.` : 'No products here yet.' }} />;
  }
  return (
    <ul className="product-grid" aria-label="Products">
      {shown.map((product) => {
        const blocked = tileBlock(product, invoice);
        return (
          <li key={product._id}>
            <button
              type="button"
              className="product-tile"
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
            </button>
          </li>
        );
      })}
    </ul>
  );
}
