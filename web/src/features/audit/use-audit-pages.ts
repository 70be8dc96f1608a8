/**
 * The trail's rows, newest first, a page at a time (docs/pagination.md): the first page loads
 * when the screen opens and again when the filters or the shop change; each "Load more" appends
 * the page the server named next (`usePagedList`).
 */
import { useCallback } from 'react';
import { usePagedList, type PagedList } from '@/lib/use-paged-list';
import { auditFetchFailed, listAuditPage, type AuditEntry } from './audit-api';

export interface AuditRows {
  rows: AuditEntry[];
  /** The next page's path, or null when the oldest row is shown. */
  next: string | null;
}

export type AuditPages = PagedList<AuditRows>;

const loadNext = ({ next }: AuditRows) => (next ? (signal: AbortSignal) => readPage(next, signal) : null);

const append = (shown: AuditRows, page: AuditRows): AuditRows => {
  const ids = new Set(shown.rows.map((row) => row._id));
  return { rows: [...shown.rows, ...page.rows.filter((row) => !ids.has(row._id))], next: page.next };
};

async function readPage(path: string, signal: AbortSignal): Promise<AuditRows> {
  const page = await listAuditPage(path, signal);
  return { rows: page.rows, next: page.next };
}

export function useAuditPages(path: string): AuditPages {
  const loadFirst = useCallback((signal: AbortSignal) => readPage(path, signal), [path]);
  return usePagedList({ loadFirst, loadNext, append, failedMessage: auditFetchFailed });
}
