/**
 * The catalogue the till sells from: the shop's categories and products from the LOCAL tables
 * (kept fresh by the catalogue pull), online and offline alike, live: a pull or a sale's stock
 * change shows at once. Each half is handed out as a data handle for the list and the grid; the
 * products come indexed (catalog-index.ts) for the scanner and the search.
 */
import { useEffect, useMemo } from 'react';
import type { ServerDataHandle } from '@/lib/use-server-data';
import type { Category } from '@/features/catalog';
import { useLocalCatalog } from '../local/local-views';
import type { TillData } from '../local/till-data';
import { catalogIndexOf, prepareCatalogIndex, type CatalogIndex } from './catalog-index';

/** Local rows change only through the pull and the till's own writes. */
const noReload = () => {};
const noUpdate = () => {};

export interface TillCatalog {
  categories: ServerDataHandle<Category[]>;
  products: ServerDataHandle<CatalogIndex>;
}

export function useTillCatalog(data: TillData | null): TillCatalog {
  const catalog = useLocalCatalog(data);
  const products = catalog.status === 'ready' ? catalog.data.products : null;
  // Indexed again only when the products change (a pull, a sale's stock), not with the
  // categories; the index's map and keys are made in idle time once the grid is shown.
  const index = useMemo(() => (products ? catalogIndexOf(products) : null), [products]);
  useEffect(() => (index ? prepareCatalogIndex(index) : undefined), [index]);
  return useMemo(() => {
    const ready = catalog.status === 'ready' && index ? { categories: catalog.data.categories, products: index } : null;
    const handle = <T,>(pick: (loaded: NonNullable<typeof ready>) => T) =>
      ({
        state: ready
          ? { status: 'ready', data: pick(ready) }
            : catalog.status === 'error'
            ? { status: 'error', message: 'The local catalogue could not be read' }
            : { status: 'loading' },
        reload: noReload,
        update: noUpdate,
      }) as ServerDataHandle<T>;
    return { categories: handle((loaded) => loaded.categories), products: handle((loaded) => loaded.products) };
  }, [catalog, index]);
}
