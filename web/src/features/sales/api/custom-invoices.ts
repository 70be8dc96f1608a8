/**
 * Custom invoices (docs/api-custom-invoices.md): a priced document for a typed-in customer,
 * never paid. Created with the screen's first change (its customer's details or a line),
 * filled line by line, deleted when it is left empty. Quantities go out as typed; the server
 * prices the lines with the core, as the till prices them.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import { listCategories } from '@/features/catalog';
import type { CustomerDetailsCustom, Invoice, InvoiceLine, Unit } from '@/types/invoice';
import { invoiceFromWire, type WireInvoice } from '@/types/invoice-wire';

const path = (id: string) => `/invoice/custom/${encodeURIComponent(id)}`;

/** A product the autocomplete offers (the fields of `GET /product` it reads). */
export interface ProductChoice {
  _id: string;
  /** The shop's own product number, e.g. "P-000042". */
  product_id: string;
  productName: string;
  barcodeNumber: string;
  category: { _id: string };
  unit: Unit;
  /** What the till charges a unit: its own selling price, or its cost price marked up. */
  sellingPrice: number;
  costPrice: number;
  costPriceProfit: number;
  discount: number;
  discountType: InvoiceLine['discountType'];
  productTax: number;
}

/** A product with its category's discount rate: what the server prices a new line with. */
export interface PricedChoice extends ProductChoice {
  categoryDiscountRate: number;
}

/** 201 with the new invoice; an answer without `_id` is the screen's to report. */
export const createCustomInvoice = () =>
  api.post<Partial<Invoice> | null>('/invoice/custom/create', undefined, { fallbackMessage: messages.customInvoiceCreateFailed });

export const setCustomInvoiceCustomer = (id: string, details: CustomerDetailsCustom) =>
  api.put<WireInvoice>(`${path(id)}/customer`, details, { fallbackMessage: messages.customerDetailsFailed }).then(invoiceFromWire);

/** The same product again sets its quantity. */
export const addCustomInvoiceProduct = (id: string, productId: string, quantity: string) =>
  api
    .post<WireInvoice>(`${path(id)}/product`, { productId, quantity }, { fallbackMessage: messages.customInvoiceAddFailed })
    .then(invoiceFromWire);

export const removeCustomInvoiceProduct = (id: string, productId: string) =>
  api
    .put<WireInvoice>(`${path(id)}/product/${encodeURIComponent(productId)}`, undefined, {
      fallbackMessage: messages.customInvoiceRemoveFailed,
    })
    .then(invoiceFromWire);

export const deleteCustomInvoice = (id: string) =>
  api.delete<null>(path(id), { fallbackMessage: messages.customInvoiceDeleteFailed });

export const listProductChoices = (signal?: AbortSignal) =>
  api.getAll<ProductChoice>('/product', { fallbackMessage: messages.productsLoadFailed, signal });

/** The products with their categories' discount rates (a category it cannot find gives 0). */
export async function listPricedChoices(signal?: AbortSignal): Promise<PricedChoice[]> {
  const [products, categories] = await Promise.all([listProductChoices(signal), listCategories(signal)]);
  const rates = new Map(categories.map((category) => [category._id, category.discountRate]));
  return products.map((product) => ({ ...product, categoryDiscountRate: rates.get(product.category?._id) ?? 0 }));
}
