/**
 * The sync review's flags, newest first, a page at a time: the first page loads when the
 * screen opens, and each "Load more" appends the page below the last flag shown (`before` = its
 * id), as every paged screen does (`usePagedList`).
 */
import { useCallback } from 'react';
import { usePagedList, type PagedList } from '../../lib/use-paged-list';
import { listSaleFlags, saleFlagsFetchFailed, type SaleFlagPage } from './sale-flags-api';

export type SaleFlagPages = PagedList<SaleFlagPage>;

function loadNext(shown: SaleFlagPage) {
  const lastId = shown.rows.at(-1)?._id;
  return lastId ? (signal: AbortSignal) => listSaleFlags(lastId, signal) : null;
}

const append = (shown: SaleFlagPage, page: SaleFlagPage): SaleFlagPage => ({ rows: [...shown.rows, ...page.rows], more: page.more });

export function useSaleFlagPages(): SaleFlagPages {
  const loadFirst = useCallback((signal: AbortSignal) => listSaleFlags(null, signal), []);
  return usePagedList({ loadFirst, loadNext, append, failedMessage: saleFlagsFetchFailed });
}
