/**
 * The count on the top bar's Open orders badge: how many saved orders the shop has. Loaded when
 * the till opens and again after anything that may save a cart (Save, a new customer's cart,
 * Reset); a failure leaves the badge out rather than showing a wrong number.
 */
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '../../../lib/api-client';
import { listOpenOrders } from '../api/invoices';

export function useOpenOrderCount() {
  const [count, setCount] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listOpenOrders(controller.signal).then(
      (orders) => {
        // Aborted while the body was being read (the till was left just as the answer came),
        // the client answers no list at all: that answer is nobody's any more.
        if (controller.signal.aborted) return;
        setCount(Array.isArray(orders) ? orders.length : null);
      },
      (error: unknown) => {
        if (!isAbort(error) && !controller.signal.aborted) setCount(null);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const refresh = useCallback(() => setAttempt((value) => value + 1), []);
  return { count, refresh };
}
