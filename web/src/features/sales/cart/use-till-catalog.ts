/**
 * The catalogue the till sells from: the shop's categories and products, loaded when the screen
 * opens. `reloadProducts` refreshes stock after a sale elsewhere would make it stale.
 */
import { useCallback } from 'react';
import { messages } from '../../../config/messages';
import { useServerData } from '../../../lib/use-server-data';
import { listCategories, listProducts, type Category, type Product } from '../../catalog';

export function useTillCatalog() {
  const loadCategories = useCallback((signal: AbortSignal) => listCategories(signal), []);
  const loadProducts = useCallback((signal: AbortSignal) => listProducts(signal), []);
  const categories = useServerData<Category[]>(loadCategories, messages.categoriesLoadFailed);
  const products = useServerData<Product[]>(loadProducts, messages.productsLoadFailed);
  return { categories, products };
}
