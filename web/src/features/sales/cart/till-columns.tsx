import type { ReactNode } from 'react';
import type { Invoice } from '@/types/invoice';
import { CategoryList } from './category-list';
import { ProductGrid } from './product-grid';
import type { useTillSelling } from './use-till-selling';

interface TillColumnsProps {
  selling: ReturnType<typeof useTillSelling>;
  invoice: Invoice | null;
  currencyCode: string;
  /** The cart column: first on the cart screen, last on an open order. */
  cart: ReactNode;
  cartSide: 'start' | 'end';
}

/** The three till columns: the cart, the categories and the product tiles. */
export function TillColumns({ selling, invoice, currencyCode, cart, cartSide }: TillColumnsProps) {
  return (
    <div className={`till-columns till-columns--cart-${cartSide}`}>
      <div className="till-columns__cart">{cart}</div>
      <div className="till-columns__categories">
        <CategoryList categories={selling.catalog.categories} categoryId={selling.categoryId} onChoose={selling.setCategoryId} />
      </div>
      <section className="till-columns__products" aria-labelledby="till-products-title">
        <h2 id="till-products-title" className="till-column__title">
          Products
        </h2>
        <ProductGrid
          products={selling.catalog.products}
          invoice={invoice}
          categoryId={selling.categoryId}
          searchText={selling.searchText}
          currencyCode={currencyCode}
          busy={selling.actions.busy}
          onAdd={(product) => void selling.addProduct(product)}
        />
      </section>
    </div>
  );
}
