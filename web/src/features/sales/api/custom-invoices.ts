/**
 * Custom invoices (SPEC part 7 "Invoices"; the issue 5 contract S3): a priced document for a
 * typed-in customer, never paid. Created when the screen opens, filled line by line, deleted
 * when it is left empty. Quantities go out as typed; the server prices the lines with the core.
 */
import { api } from '../../../lib/api-client';
import { messages } from '../../../config/messages';
import type { CustomerDetailsCustom, Invoice, Unit } from '../types';

const path = (id: string) => `/invoice/custom/${encodeURIComponent(id)}`;

/** A product the autocomplete offers (the fields of `GET /product` it reads). */
export interface ProductChoice {
  _id: string;
  /** The shop's own product number, e.g. "P-000042". */
  product_id: string;
  productName: string;
  barcodeNumber: string;
  unit: Unit;
  sellingPrice: number;
  costPrice: number;
}

/** 201 with the new invoice; an answer without `_id` is the screen's to report. */
export const createCustomInvoice = () =>
  api.post<Partial<Invoice> | null>('/invoice/custom/create', undefined, { fallbackMessage: messages.customInvoiceCreateFailed });

export const setCustomInvoiceCustomer = (id: string, details: CustomerDetailsCustom) =>
  api.put<Invoice>(`${path(id)}/customer`, details, { fallbackMessage: messages.customerDetailsFailed });

/** The same product again sets its quantity. */
export const addCustomInvoiceProduct = (id: string, productId: string, quantity: string) =>
  api.post<Invoice>(`${path(id)}/product`, { productId, quantity }, { fallbackMessage: messages.customInvoiceAddFailed });

export const removeCustomInvoiceProduct = (id: string, productId: string) =>
  api.put<Invoice>(`${path(id)}/product/${encodeURIComponent(productId)}`, undefined, {
    fallbackMessage: messages.customInvoiceRemoveFailed,
  });

export const deleteCustomInvoice = (id: string) =>
  api.delete<null>(path(id), { fallbackMessage: messages.customInvoiceDeleteFailed });

export const listProductChoices = (signal?: AbortSignal) =>
  api.getAll<ProductChoice>('/product', { fallbackMessage: messages.productsLoadFailed, signal });
