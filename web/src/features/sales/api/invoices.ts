/**
 * The invoice reads the screens still make on the server (docs/api-sales.md): the shop's
 * open orders (cached by the till, features/sales/local/open-orders-cache.ts) and one invoice.
 * Every change to a cart goes through the till's local commands and the outbox instead
 * (features/sales/local/, docs/api-till-sync.md). Each names its fallback message;
 * the server's own message wins when it sends one.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import { invoiceFromWire, type WireInvoice } from '@/types/invoice-wire';

const segment = encodeURIComponent;
const invoicePath = (id: string) => `/invoice/${segment(id)}`;

/** The shop's saved invoices, newest first. */
export const listOpenOrders = (signal?: AbortSignal) =>
  api
    .get<WireInvoice[]>('/invoice/save/status-saved', { fallbackMessage: messages.savedInvoiceFetchFailed, signal })
    .then((invoices) => invoices.map(invoiceFromWire));

export const getInvoice = (invoiceId: string, signal?: AbortSignal, fallbackMessage: string = messages.invoiceFetchFailed) =>
  api.get<WireInvoice>(invoicePath(invoiceId), { fallbackMessage, signal }).then(invoiceFromWire);
