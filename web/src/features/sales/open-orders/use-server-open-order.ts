import { useEffect, useState } from 'react';
import { messages } from '@/config/messages';
import { isAbort } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { refreshOpenOrders } from '../local/open-orders-cache';
import type { TillData } from '../local/till-data';

/**
 * An open order this device does not hold (saved on another till, or opened from a link) may
 * still be the server's: while `missing`, the server's open orders are fetched once into the
 * local invoices, where the screen's live read then finds it. A failed fetch says SPEC's
 * "Failed fetch open order!". Answers whether that fetch for `ref` is still out.
 */
export function useServerOpenOrder(data: TillData | null, ref: string, missing: boolean): boolean {
  const [answered, setAnswered] = useState<string | null>(null);
  const asking = Boolean(data) && missing && navigator.onLine;
  useEffect(() => {
    if (!data || !asking) return;
    const controller = new AbortController();
    refreshOpenOrders(data.db, controller.signal)
      .catch((error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        console.error('The open order could not be fetched', error);
        notify.error(messages.openOrderFetchFailed);
      })
      .finally(() => {
        if (!controller.signal.aborted) setAnswered(ref);
      });
    return () => controller.abort();
  }, [data, ref, asking]);
  return asking && answered !== ref;
}
