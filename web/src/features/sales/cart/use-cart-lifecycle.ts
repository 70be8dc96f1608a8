/**
 * The cart screen's invoice across visits: the cart held from an earlier visit is read from the
 * local table (it may have been paid or deleted meanwhile, or its creation refused by the
 * server and rolled back: then it is let go), and leaving the screen saves a cart with lines to
 * the open orders, so nothing is lost.
 */
import { useEffect, useRef } from 'react';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { useTillStore } from '@/stores/till-store';
import { saveOpenOrder } from '../local/cart-commands';
import type { LiveResult } from '../local/use-live-query';
import { refusalMessage, type TillData } from '../local/till-data';
import type { LocalInvoice } from '@/features/offline';

/** How many cart screens are on screen; React's development double mount leaves it at 1. */
let cartScreensShown = 0;

export function useCartLifecycle(data: TillData | null, held: LiveResult<LocalInvoice | null>) {
  const dataRef = useRef(data);
  useEffect(() => {
    dataRef.current = data;
  }, [data]);

  useEffect(() => {
    if (held.status !== 'ready') return;
    const invoice = held.data;
    if (!invoice || (invoice.status !== 'active' && invoice.status !== 'saved')) useTillStore.getState().setInvoice(null);
  }, [held]);

  useEffect(() => {
    cartScreensShown += 1;
    return () => {
      cartScreensShown -= 1;
      // Only a real departure saves: StrictMode's unmount-and-mount-again in development and a
      // switch between the admin's and the staff's cart leave a cart screen shown.
      setTimeout(() => {
        if (cartScreensShown === 0) void saveOnLeaving(dataRef.current);
      }, 0);
    };
  }, []);
}

async function saveOnLeaving(data: TillData | null) {
  const ref = useTillStore.getState().invoice;
  if (!data || !ref) return;
  const invoice = await data.db.invoices.get(ref);
  if (!invoice || invoice.status !== 'active' || invoice.products.length === 0) return;
  try {
    await saveOpenOrder(data, ref);
    notify.success(messages.savedToOpenOrders);
  } catch (error) {
    notify.error(refusalMessage(error, messages.somethingWentWrong));
  }
}
