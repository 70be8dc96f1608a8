/**
 * The cart screen's invoice across visits: the cart held from an earlier visit is asked for
 * again on arrival (it may have been paid or deleted from another till meanwhile), and leaving
 * the screen saves a cart with lines to the open orders (SPEC part 4), so nothing is lost.
 */
import { useEffect } from 'react';
import { messages } from '../../../config/messages';
import { ApiError, errorMessage, isAbort } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getInvoice, saveToOpenOrders } from '../api/invoices';
import { useTillStore } from '../../../stores/till-store';

const isOpen = (status: string) => status === 'active' || status === 'saved';

/** How many cart screens are on screen; React's development double mount leaves it at 1. */
let cartScreensShown = 0;

export function useCartLifecycle() {
  useEffect(() => {
    const held = useTillStore.getState().invoice;
    if (!held) return;
    const controller = new AbortController();
    getInvoice(held._id, controller.signal).then(
      (fresh) => useTillStore.getState().setInvoice(isOpen(fresh.status) ? fresh : null),
      (error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) useTillStore.getState().setInvoice(null);
      },
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    cartScreensShown += 1;
    return () => {
      cartScreensShown -= 1;
      // Only a real departure saves: StrictMode's unmount-and-mount-again in development and a
      // switch between the admin's and the staff's cart leave a cart screen shown.
      setTimeout(() => {
        if (cartScreensShown === 0) void saveOnLeaving();
      }, 0);
    };
  }, []);
}

async function saveOnLeaving() {
  const invoice = useTillStore.getState().invoice;
  if (!invoice || invoice.status !== 'active' || invoice.products.length === 0) return;
  try {
    const saved = await saveToOpenOrders(invoice._id);
    if (useTillStore.getState().invoice?._id === saved._id) useTillStore.getState().setInvoice(saved);
    notify.success(messages.savedToOpenOrders);
  } catch (error) {
    notify.error(errorMessage(error, messages.somethingWentWrong));
  }
}
