import { PackagePlus } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { Screen } from '@/components/screen';
import { SearchBox } from '@/components/search-box';
import { messages } from '@/config/messages';
import { loadBackOfficeCore } from '@/lib/core-back-office';
import { useServerData } from '@/lib/use-server-data';
import { useScreenSearch } from '@/lib/use-screen-search';
import { listCategories, type Category } from '../api/categories-api';
import { listProducts, type Product } from '../api/products-api';
import { ProductsTable } from '../components/products-table';
import { useCatalogSession } from '../use-catalog-session';

/**
 * /admin/product/view, /staff/product/view and /staff/view/product: the shop's
 * products, edited in place and deleted after confirmation by whoever holds those permissions;
 * tax and loyalty rates editable only in the admin session; each product's stock history.
 */
export function ProductsPage() {
  const { area, can, isAdmin, currencyCode, paths, user } = useCatalogSession();
  const [searchText, setSearchText] = useScreenSearch();
  const canUpdate = can('product_update');
  const loadProducts = useCallback((signal: AbortSignal) => listProducts(signal), []);
  const products = useServerData<Product[]>(loadProducts, messages.productsLoadFailed);
  // A row's category is chosen from the shop's categories: loaded only for someone who may
  // edit products and read categories (GET /categories needs category_read).
  const loadCategories = useCallback((signal: AbortSignal) => listCategories(signal), []);
  const categories = useServerData<Category[]>(canUpdate && can('category_read') ? loadCategories : null, messages.categoriesLoadFailed);
  // A row's reorder level is checked by the back office's module: fetched for whoever may edit.
  useEffect(() => {
    if (canUpdate) loadBackOfficeCore().catch(() => undefined);
  }, [canUpdate]);
  const count = products.state.status === 'ready' ? products.state.data.length : null;
  const canCreate = can('product_create');
  const shopName = user?.shopName ?? 'your shop';

  return (
    <Screen
      title="Products"
      description={count === null ? `The products of ${shopName}.` : `${count} ${count === 1 ? 'product' : 'products'} at ${shopName}`}
      tools={
        <>
          <SearchBox
            label="Search products"
            placeholder="Name, barcode, category or ID"
            value={searchText}
            onValueChange={setSearchText}
          />
          {canCreate && (
            <Link to={paths.addProduct} className="button button--primary">
              <PackagePlus aria-hidden="true" />
              Add product
            </Link>
          )}
        </>
      }
    >
      <ProductsTable
        products={products}
        area={area}
        searchText={searchText}
        canUpdate={canUpdate}
        canDelete={can('product_delete')}
        isAdmin={isAdmin}
        currencyCode={currencyCode}
        categories={categories.state.status === 'ready' ? categories.state.data : null}
        empty={canCreate ? 'No products yet. Add the first one.' : 'No products yet.'}
      />
    </Screen>
  );
}
