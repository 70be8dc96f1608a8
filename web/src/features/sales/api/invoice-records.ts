/**
 * Reading past sales (SPEC part 7 "Invoices"; the issue 5 contract S1): the shop's invoices by
 * status for the Invoices screen, and one invoice for its detail and receipt.
 */
import { api, ApiError } from '../../../lib/api-client';
import { messages } from '../../../config/messages';
import type { Invoice } from '../types';
import { getInvoice } from './invoices';

/** SPEC part 9's filters; `paid` includes partly refunded sales, `refunded` any with a refund. */
export type InvoiceListStatus = 'paid' | 'refunded' | 'custom';

export const listInvoices = (status: InvoiceListStatus, signal?: AbortSignal) =>
  api.get<Invoice[]>(`/invoice?status=${status}`, { fallbackMessage: messages.invoiceFetchFailed, signal });


/** The invoice, or null when the shop has none with that id (404), so a screen can say so. */
export async function findInvoice(id: string, signal?: AbortSignal): Promise<Invoice | null> {
  try {
    return await getInvoice(id, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
