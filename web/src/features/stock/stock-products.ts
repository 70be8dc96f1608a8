/**
 * The products a stock form picks from: the server's list, or, when the server cannot be
 * reached, the till's own copy on this device (kept by the catalogue pull), so a delivery or an
 * adjustment can be recorded offline and sent later (offline-stock.ts).
 */
import { useCallback } from 'react';
import { listProducts, type Product } from '@/features/catalog';
import { useLocalProducts, useTillData } from '@/features/sales';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { isUnreachable } from './offline-stock';

export interface StockProducts {
  status: 'loading' | 'ready' | 'error';
  products: readonly Product[];
  /** The list is this device's copy: the server could not be reached. */
  onDevice: boolean;
}

export function useStockProducts(): StockProducts {
  const data = useTillData();
  const canFallBack = data !== null;
  const load = useCallback(
    async (signal: AbortSignal): Promise<readonly Product[] | null> => {
      try {
        return await listProducts(signal);
      } catch (error) {
        if (canFallBack && isUnreachable(error)) return null;
        throw error;
      }
    },
    [canFallBack],
  );
  const server = useServerData(load, messages.productsLoadFailed);
  const onDevice = server.state.status === 'ready' && server.state.data === null;
  const local = useLocalProducts(onDevice ? data : null);
  if (server.state.status === 'error') return { status: 'error', products: [], onDevice: false };
  if (server.state.status !== 'ready') return { status: 'loading', products: [], onDevice: false };
  if (server.state.data) return { status: 'ready', products: server.state.data, onDevice: false };
  if (local.status === 'ready') return { status: 'ready', products: local.data, onDevice: true };
  return { status: local.status === 'error' ? 'error' : 'loading', products: [], onDevice: true };
}
