/**
 * The invoices screen's list, a page at a time (docs/pagination.md): the first page at `path`
 * loads when the tab or the search and filters change, and each "Load more" appends the page
 * the server named next (`usePagedList`). An invoice already shown is never shown twice.
 */
import { useCallback } from 'react';
import { usePagedList, type PagedList } from '@/lib/use-paged-list';
import { messages } from '@/config/messages';
import { listInvoicePage } from '../api/invoice-records';
import type { Invoice } from '@/types/invoice';

export interface InvoiceRows {
  rows: Invoice[];
  /** The next page's path, or null when the last invoice is shown. */
  next: string | null;
}

export type InvoicePages = PagedList<InvoiceRows>;

/** `shown` with the invoices of `page` that are not among them yet, in order. */
export function appendPage(shown: Invoice[], page: Invoice[]): Invoice[] {
  const ids = new Set(shown.map((invoice) => invoice._id));
  return [...shown, ...page.filter((invoice) => !ids.has(invoice._id))];
}

const loadNext = ({ next }: InvoiceRows) => (next ? (signal: AbortSignal) => listInvoicePage(next, signal) : null);

const append = (shown: InvoiceRows, page: InvoiceRows): InvoiceRows => ({ rows: appendPage(shown.rows, page.rows), next: page.next });

export function useInvoicePages(path: string): InvoicePages {
  const loadFirst = useCallback((signal: AbortSignal) => listInvoicePage(path, signal), [path]);
  return usePagedList({ loadFirst, loadNext, append, failedMessage: messages.invoiceFetchFailed });
}
