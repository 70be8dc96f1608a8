/**
 * What a cashier does to an open invoice (the cart's, or an open order's), local-first: each
 * change is written to the local invoice at once and queued for the server (features/sales/
 * local); the screens show the local invoice live. Toasts say how it went; a
 * refusal says the server's words (e.g. "Not enough stock for Cola: 2 no left"). One change at
 * a time: while one is being written, the others wait their turn (`busy` meanwhile).
 */
import { useCallback, useRef, useState } from 'react';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { cancelAddLineTiming } from '@/lib/till-timing';
import { addLine, clearCart, removeLine, saveOpenOrder, setQuantity, addCustomLine } from '../local/cart-commands';
import { redeem } from '../local/redemption';
import { refusalMessage, TillRefusal, type TillData } from '../local/till-data';
import type { CustomProduct } from '@/features/catalog';

export interface InvoiceActions {
  busy: boolean;
  addProduct: (productId: string) => Promise<boolean>;
  addByBarcode: (barcodeNumber: string) => Promise<boolean>;
  addCustomProduct: (product: CustomProduct) => Promise<boolean>;
  setQuantity: (productId: string, quantity: string) => Promise<boolean>;
  removeProduct: (productId: string) => Promise<boolean>;
  clear: () => Promise<boolean>;
  save: () => Promise<boolean>;
  redeem: (amount: string) => Promise<boolean>;
  /** Settles once every change asked for so far is written (or refused). */
  written: () => Promise<unknown>;
}

type Change = (data: TillData, ref: string) => Promise<unknown>;

/** Adding a line that leaves the cart as it was (no new total to time): `till:add-line` is dropped. */
const addingLine =
  (choice: Parameters<typeof addLine>[2]): Change =>
  async (data, ref) => {
    const result = await addLine(data, ref, choice);
    if (!result.command) cancelAddLineTiming();
  };

export function useInvoiceActions(data: TillData | null, ref: string | null): InvoiceActions {
  const [pending, setPending] = useState(0);
  // The changes queue up in the order asked (a scan right after a scan is two adds, not one);
  // with none waiting, a change starts at once.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const waiting = useRef(0);

  const run = useCallback(
    (change: Change, success: string | null, fallback: string): Promise<boolean> => {
      if (!data || !ref) return Promise.resolve(false);
      const execute = async () => {
        try {
          await change(data, ref);
          if (success) notify.success(success);
          return true;
        } catch (error) {
          // A refusal is the cashier's to read; anything else (the local database failing) is logged.
          if (!(error instanceof TillRefusal)) console.error('A till change could not be written', error);
          notify.error(refusalMessage(error, fallback));
          return false;
        } finally {
          waiting.current -= 1;
          setPending((count) => count - 1);
        }
      };
      setPending((count) => count + 1);
      waiting.current += 1;
      const done = waiting.current === 1 ? execute() : queue.current.then(execute);
      queue.current = done;
      return done;
    },
    [data, ref],
  );

  return {
    busy: pending > 0,
    // A tile tapped again adds one more, as a scan does.
    addProduct: (productId) => run(addingLine({ productId, oneMore: true }), messages.productAddedToInvoice, messages.productAddToInvoiceFailed),
    addByBarcode: (code) => run(addingLine({ barcodeNumber: code }), messages.productAddedToInvoice, messages.productAddToInvoiceFailed),
    addCustomProduct: (product) => run((d, r) => addCustomLine(d, r, product), messages.productAddedToInvoice, messages.productAddToInvoiceFailed),
    // SPEC names no toast for a quantity change: the line and totals changing say it.
    setQuantity: (productId, quantity) => run((d, r) => setQuantity(d, r, productId, quantity), null, messages.productAddToInvoiceFailed),
    removeProduct: (productId) => run((d, r) => removeLine(d, r, productId), messages.productRemovedFromInvoice, messages.productRemoveFromInvoiceFailed),
    clear: () => run(clearCart, messages.invoiceCleared, messages.invoiceClearFailed),
    save: () => run(saveOpenOrder, messages.savedToOpenOrders, messages.somethingWentWrong),
    redeem: (amount) => run((d, r) => redeem(d, r, amount), messages.pointsAdded, messages.redeemFailed),
    written: () => queue.current,
  };
}
