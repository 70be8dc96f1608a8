/**
 * A list shown a page at a time with "Load more": the first page loads as `useServerData` loads
 * (on opening, again when `loadFirst` changes, which starts the list over, and on retry), and
 * each "Load more" appends the next page below the rows shown. One "Load more" runs at a time;
 * it is aborted when the screen closes or the list starts over. A failed one is toasted and
 * leaves the rows and the button as they were, so pressing it again retries.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isAbort } from './api-client';
import { notify } from './notify';
import { useServerData, type ServerData } from './use-server-data';

type Load<P> = (signal: AbortSignal) => Promise<P>;

export interface PagedListSource<P> {
  /** The first page; keep its identity (useCallback) unless the list itself changes. */
  loadFirst: Load<P>;
  /** The call for the page after the rows shown, or null when they end the list. Stable. */
  loadNext: (shown: P) => Load<P> | null;
  /** The rows shown with the next page's below them. Stable. */
  append: (shown: P, page: P) => P;
  /** Toasted when the server gives no message of its own. */
  failedMessage: string;
}

export interface PagedList<P> {
  /** Every row loaded so far. */
  pages: ServerData<P>;
  retry: () => void;
  loadMore: () => void;
  loadingMore: boolean;
}

export function usePagedList<P>({ loadFirst, loadNext, append, failedMessage }: PagedListSource<P>): PagedList<P> {
  const { state, reload, update } = useServerData<P>(loadFirst, failedMessage);
  const [loadingMore, setLoadingMore] = useState(false);
  const moreCall = useRef<AbortController | null>(null);

  const stopMore = useCallback(() => {
    moreCall.current?.abort();
    moreCall.current = null;
    setLoadingMore(false);
  }, []);
  useEffect(() => stopMore, [stopMore, loadFirst]);

  const shown = state.status === 'ready' ? state.data : null;
  const loadMore = useCallback(() => {
    const next = shown === null ? null : loadNext(shown);
    if (!next || moreCall.current) return;
    const controller = new AbortController();
    moreCall.current = controller;
    setLoadingMore(true);
    next(controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        update((rows) => append(rows, page));
        moreCall.current = null;
        setLoadingMore(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        notify.error(errorMessage(error, failedMessage));
        moreCall.current = null;
        setLoadingMore(false);
      },
    );
  }, [shown, loadNext, append, update, failedMessage]);

  const retry = useCallback(() => {
    stopMore();
    reload();
  }, [reload, stopMore]);

  return { pages: state, retry, loadMore, loadingMore };
}
