/**
 * The sync review's flags, newest first, a page at a time: the first page loads when the
 * screen opens (a failure is toasted and shown with a retry, like every list), and each "Load
 * more" appends the page below the last flag shown (`before` = its id). A failed "Load more" is
 * toasted and leaves the rows and the button as they were, so pressing it again retries.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isAbort } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useServerData, type ServerData } from '../../lib/use-server-data';
import { listSaleFlags, saleFlagsFetchFailed, type SaleFlagPage } from './sale-flags-api';

export interface SaleFlagPages {
  /** Every row loaded so far, with `more` from the last page. */
  pages: ServerData<SaleFlagPage>;
  retry: () => void;
  loadMore: () => void;
  loadingMore: boolean;
}

export function useSaleFlagPages(): SaleFlagPages {
  const loadFirst = useCallback((signal: AbortSignal) => listSaleFlags(null, signal), []);
  const { state, reload, update } = useServerData<SaleFlagPage>(loadFirst, saleFlagsFetchFailed);
  const [loadingMore, setLoadingMore] = useState(false);
  // The "Load more" call in flight, aborted when the screen closes or the list starts over.
  const moreCall = useRef<AbortController | null>(null);

  const stopMore = useCallback(() => {
    moreCall.current?.abort();
    moreCall.current = null;
    setLoadingMore(false);
  }, []);
  useEffect(() => stopMore, [stopMore]);

  const lastId = state.status === 'ready' ? (state.data.rows.at(-1)?._id ?? null) : null;
  const loadMore = useCallback(() => {
    if (!lastId || moreCall.current) return;
    const controller = new AbortController();
    moreCall.current = controller;
    setLoadingMore(true);
    listSaleFlags(lastId, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        update((shown) => ({ rows: [...shown.rows, ...page.rows], more: page.more }));
        moreCall.current = null;
        setLoadingMore(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        notify.error(errorMessage(error, saleFlagsFetchFailed));
        moreCall.current = null;
        setLoadingMore(false);
      },
    );
  }, [lastId, update]);

  const retry = useCallback(() => {
    stopMore();
    reload();
  }, [reload, stopMore]);

  return { pages: state, retry, loadMore, loadingMore };
}
