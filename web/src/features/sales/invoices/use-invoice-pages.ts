/**
 * The invoices screen's list, a page at a time (docs/pagination.md): the first page at `path`
 * loads when the tab or the search and filters change (a failure is toasted and shown with a
 * retry, like every list), and each "Load more" appends the page the server named next. An
 * invoice already shown is never shown twice. A failed "Load more" is toasted and leaves the rows
 * and the button as they were, so pressing it again retries.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isAbort } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useServerData, type ServerData } from '../../../lib/use-server-data';
import { messages } from '../../../config/messages';
import { listInvoicePage } from '../api/invoice-records';
import type { Invoice } from '../types';

export interface InvoiceRows {
  rows: Invoice[];
  /** The next page's path, or null when the last invoice is shown. */
  next: string | null;
}

export interface InvoicePages {
  pages: ServerData<InvoiceRows>;
  retry: () => void;
  loadMore: () => void;
  loadingMore: boolean;
}

/** `shown` with the invoices of `page` that are not among them yet, in order. */
export function appendPage(shown: Invoice[], page: Invoice[]): Invoice[] {
  const ids = new Set(shown.map((invoice) => invoice._id));
  return [...shown, ...page.filter((invoice) => !ids.has(invoice._id))];
}

export function useInvoicePages(path: string): InvoicePages {
  const loadFirst = useCallback((signal: AbortSignal) => listInvoicePage(path, signal).then(({ rows, next }) => ({ rows, next })), [path]);
  const { state, reload, update } = useServerData<InvoiceRows>(loadFirst, messages.invoiceFetchFailed);
  const [loadingMore, setLoadingMore] = useState(false);
  // The "Load more" call in flight, aborted when the screen closes or the list starts over.
  const moreCall = useRef<AbortController | null>(null);

  const stopMore = useCallback(() => {
    moreCall.current?.abort();
    moreCall.current = null;
    setLoadingMore(false);
  }, []);
  useEffect(() => stopMore, [stopMore, path]);

  const next = state.status === 'ready' ? state.data.next : null;
  const loadMore = useCallback(() => {
    if (!next || moreCall.current) return;
    const controller = new AbortController();
    moreCall.current = controller;
    setLoadingMore(true);
    listInvoicePage(next, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        update((shown) => ({ rows: appendPage(shown.rows, page.rows), next: page.next }));
        moreCall.current = null;
        setLoadingMore(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        notify.error(errorMessage(error, messages.invoiceFetchFailed));
        moreCall.current = null;
        setLoadingMore(false);
      },
    );
  }, [next, update]);

  const retry = useCallback(() => {
    stopMore();
    reload();
  }, [reload, stopMore]);

  return { pages: state, retry, loadMore, loadingMore };
}
