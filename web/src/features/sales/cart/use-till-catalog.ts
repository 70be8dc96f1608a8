/**
 * The catalogue the till sells from: the shop's categories and products from the LOCAL tables
 * (kept fresh by the catalogue pull), online and offline alike, live: a pull or a sale's stock
 * change shows at once. Each half is handed out as a data handle for the grid and the list.
 */
import { useMemo } from 'react';
import type { ServerDataHandle } from '../../../lib/use-server-data';
import type { Category, Product } from '../../catalog';
import { useLocalCatalog } from '../local/local-views';
import type { TillData } from '../local/till-data';

/** Local rows change only through the pull and the till's own writes. */
const noReload = () => {};
const noUpdate = () => {};

export function useTillCatalog(data: TillData | null): { categories: ServerDataHandle<Category[]>; products: ServerDataHandle<Product[]> } {
  const catalog = useLocalCatalog(data);
  return useMemo(() => {
    const half = <K extends 'categories' | 'products'>(key: K) =>
      ({
        state:
          catalog.status === 'ready'
            ? { status: 'ready', data: catalog.data[key] }
            : catalog.status === 'error'
              ? { status: 'error', message: 'The local catalogue could not be read' }
              : { status: 'loading' },
        reload: noReload,
        update: noUpdate,
      }) as ServerDataHandle<K extends 'categories' ? Category[] : Product[]>;
    return { categories: half('categories'), products: half('products') };
  }, [catalog]);
}
