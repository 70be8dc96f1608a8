/**
 * The till's invoice calls (SPEC part 7 "Invoices"; the issue 5 contract S1): creating a cart for
 * a customer, adding a product (by id, or by barcode from a scanner), setting a line's quantity,
 * removing a line, clearing, saving to open orders, the open orders list and deleting one, one
 * invoice, and redeeming points. Every call that changes an invoice answers the whole invoice,
 * which the screens show as it is. Each names its SPEC part 8 fallback message; the server's own
 * message wins when it sends one.
 */
import { api } from '../../../lib/api-client';
import { messages } from '../../../config/messages';
import type { Invoice } from '../types';

const segment = encodeURIComponent;
const invoicePath = (id: string) => `/invoice/${segment(id)}`;

/** Quantities go out as typed ("1.250"): the server reads numeric strings, so no float on the way. */
export type QuantityText = string | number;

/** A new active cart for the customer (201). */
export const createCart = (customerId: string) =>
  api.post<Invoice>(`/invoice/${segment(customerId)}`, undefined, { fallbackMessage: messages.invoiceCreateFailed });

/** A new line, or (same product again) the line's quantity SET to `quantity` (default 1). */
export const addProductById = (invoiceId: string, productId: string, quantity?: QuantityText) =>
  api.post<Invoice>(
    `${invoicePath(invoiceId)}/products`,
    quantity === undefined ? { productId } : { productId, quantity },
    { fallbackMessage: messages.productAddToInvoiceFailed },
  );

/** A scanner's code: a new line, or one more of a line already in the cart. */
export const addProductByBarcode = (invoiceId: string, barcodeNumber: string) =>
  api.post<Invoice>(`${invoicePath(invoiceId)}/products`, { barcodeNumber }, { fallbackMessage: messages.productAddToInvoiceFailed });

/** SPEC: a line's quantity changes through the same call as adding it, with the new quantity. */
export const setLineQuantity = (invoiceId: string, productId: string, quantity: QuantityText) =>
  addProductById(invoiceId, productId, quantity);

export const removeLine = (invoiceId: string, productId: string) =>
  api.put<Invoice>(`${invoicePath(invoiceId)}/product/${segment(productId)}`, undefined, {
    fallbackMessage: messages.productRemoveFromInvoiceFailed,
  });

/** Every line and the redemption go. */
export const clearCart = (invoiceId: string) =>
  api.put<Invoice>(`${invoicePath(invoiceId)}/clear`, undefined, { fallbackMessage: messages.invoiceClearFailed });

/** Active or saved -> saved (an open order). An empty cart is refused (400). */
export const saveToOpenOrders = (invoiceId: string) =>
  api.patch<Invoice>(invoicePath(invoiceId), undefined, { fallbackMessage: messages.somethingWentWrong });

/** The shop's saved invoices, newest first. */
export const listOpenOrders = (signal?: AbortSignal) =>
  api.get<Invoice[]>('/invoice/save/status-saved', { fallbackMessage: messages.savedInvoiceFetchFailed, signal });

/** Never a paid invoice (409). */
export const deleteOpenOrder = (invoiceId: string) =>
  api.delete<null>(`/invoice/status-saved/${segment(invoiceId)}`, { fallbackMessage: messages.openOrderDeleteFailed });

export const getInvoice = (invoiceId: string, signal?: AbortSignal, fallbackMessage: string = messages.invoiceFetchFailed) =>
  api.get<Invoice>(invoicePath(invoiceId), { fallbackMessage, signal });

/** Sets (replaces) the amount of points redeemed on the invoice; 0 removes it. */
export const redeemPoints = (invoiceId: string, redeemAmountAdd: string) =>
  api.put<Invoice>(`/redeem/${segment(invoiceId)}`, { redeemAmountAdd }, { fallbackMessage: messages.redeemFailed });
