/**
 * The count on the top bar's Open orders badge: how many saved orders the local table holds
 * (live). When the till opens online, the server's list is fetched into the local table first
 * (open-orders-cache.ts), so orders saved on another till count too; offline, or when that
 * fails, the local ones are counted.
 */
import { useEffect } from 'react';
import { isAbort } from '@/lib/api-client';
import { useOpenOrders } from '../local/local-views';
import { refreshOpenOrders } from '../local/open-orders-cache';
import type { TillData } from '../local/till-data';

export function useOpenOrderCount(data: TillData | null) {
  const orders = useOpenOrders(data);

  useEffect(() => {
    if (!data || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
    const controller = new AbortController();
    refreshOpenOrders(data.db, controller.signal).catch((error: unknown) => {
      if (!isAbort(error) && !controller.signal.aborted) console.warn('The open orders could not be fetched; counting the local ones', error);
    });
    return () => controller.abort();
  }, [data]);

  return { count: orders.status === 'ready' ? orders.data.length : null };
}
