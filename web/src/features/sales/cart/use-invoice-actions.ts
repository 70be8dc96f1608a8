/**
 * What a cashier does to an open invoice (the cart's, or an open order's): each change goes to
 * the server, whose answer (the whole invoice) replaces the one on screen; SPEC part 8's toasts
 * say how it went (the server's message preferred, e.g. "Not enough stock for Cola: 2 no left").
 * One change at a time: while one is on its way, the others wait for the answer.
 */
import { useCallback, useRef, useState } from 'react';
import { messages } from '../../../config/messages';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  addProductByBarcode, addProductById, clearCart, redeemPoints, removeLine, saveToOpenOrders, setLineQuantity,
} from '../api/invoices';
import type { Invoice } from '../types';

export interface InvoiceActions {
  busy: boolean;
  addProduct: (productId: string) => Promise<boolean>;
  addByBarcode: (barcodeNumber: string) => Promise<boolean>;
  setQuantity: (productId: string, quantity: string) => Promise<boolean>;
  removeProduct: (productId: string) => Promise<boolean>;
  clear: () => Promise<boolean>;
  save: () => Promise<boolean>;
  redeem: (amount: string) => Promise<boolean>;
}

export function useInvoiceActions(invoice: Invoice | null, onChange: (invoice: Invoice) => void): InvoiceActions {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const run = useCallback(
    async (request: (id: string) => Promise<Invoice>, success: string | null, fallback: string) => {
      if (!invoice || running.current) return false;
      running.current = true;
      setBusy(true);
      try {
        onChange(await request(invoice._id));
        if (success) notify.success(success);
        return true;
      } catch (error) {
        notify.error(errorMessage(error, fallback));
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [invoice, onChange],
  );

  return {
    busy,
    addProduct: (productId) => run((id) => addProductById(id, productId), messages.productAddedToInvoice, messages.productAddToInvoiceFailed),
    addByBarcode: (code) => run((id) => addProductByBarcode(id, code), messages.productAddedToInvoice, messages.productAddToInvoiceFailed),
    // SPEC names no toast for a quantity change: the line and totals changing say it.
    setQuantity: (productId, quantity) => run((id) => setLineQuantity(id, productId, quantity), null, messages.productAddToInvoiceFailed),
    removeProduct: (productId) => run((id) => removeLine(id, productId), messages.productRemovedFromInvoice, messages.productRemoveFromInvoiceFailed),
    clear: () => run(clearCart, messages.invoiceCleared, messages.invoiceClearFailed),
    save: () => run(saveToOpenOrders, messages.savedToOpenOrders, messages.somethingWentWrong),
    redeem: (amount) => run((id) => redeemPoints(id, amount), messages.pointsAdded, messages.redeemFailed),
  };
}
