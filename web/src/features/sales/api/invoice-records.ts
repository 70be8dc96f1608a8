/**
 * Reading past sales (docs/api-sales.md): the shop's invoices by
 * status for the Invoices screen, a page at a time and narrowed on the server, and one invoice
 * for its detail and receipt.
 */
import { api, ApiError } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { Invoice, PaymentMethod } from '@/types/invoice';
import { invoiceFromWire, type WireInvoice } from '@/types/invoice-wire';
import { getInvoice } from './invoices';

/** The filters; `paid` includes partly refunded sales, `refunded` any with a refund. */
export type InvoiceListStatus = 'paid' | 'refunded' | 'custom';

/** Invoices per page: a screenful or two (the server allows up to 1,000). */
export const INVOICE_PAGE_SIZE = 50;

/**
 * What narrows a list (docs/api-sales.md, "Finding an invoice"); "" is not given. `search` is
 * the search box (number, customer name or phone, staff name); `from`/`to` are the shop's local
 * dates (`2026-11-26`); amounts are typed text such as `12.50`.
 */
export interface InvoiceFilters {
  search: string;
  from: string;
  to: string;
  method: PaymentMethod | '';
  minAmount: string;
  maxAmount: string;
}

/** The path of a list's first page, newest first, narrowed by the filters given. */
export function invoiceListPath(status: InvoiceListStatus, filters: InvoiceFilters): string {
  const query = new URLSearchParams({ status, limit: String(INVOICE_PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters) as [keyof InvoiceFilters, string][]) {
    const text = value.trim();
    if (text) query.set(name, text);
  }
  return `/invoice?${query.toString()}`;
}

/** One page of invoices at `path` (a first page's, or the `next` of the page before). */
export const listInvoicePage = (path: string, signal?: AbortSignal) =>
  api
    .getPage<WireInvoice>(path, { fallbackMessage: messages.invoiceFetchFailed, signal })
    .then((page) => ({ ...page, rows: page.rows.map(invoiceFromWire) }));


/** The invoice, or null when the shop has none with that id (404), so a screen can say so. */
export async function findInvoice(id: string, signal?: AbortSignal): Promise<Invoice | null> {
  try {
    return await getInvoice(id, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
