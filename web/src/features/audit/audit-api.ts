/**
 * Reading the audit trail (docs/api-audit.md): the shop admin's `GET /audit` and the super
 * admin's `GET /super-admin/audit` (one shop, or every shop), newest first, a page at a time,
 * and the same rows as a CSV file (`.../export.csv`). The people to filter by come from the
 * shop's staff list.
 */
import { api, apiDownload, type DownloadedFile, type ListPage } from '@/lib/api-client';
import type { User } from '@/stores/auth-store';

/** One row of the trail. */
export interface AuditEntry {
  _id: string;
  /** Unix milliseconds. */
  at: number;
  shopId: string | null;
  shopName: string;
  /** The shop's IANA zone: the row's time is shown in it. */
  timeZone: string;
  userId: string | null;
  userName: string;
  event: string;
  subject: string;
  detail: string;
  deviceCode: string;
}

/** Whose trail: the admin's own shop, or the super admin's view of one shop ('' for every shop). */
export type AuditScope = { kind: 'admin' } | { kind: 'super-admin'; shopId: string };

/** The filters as the server reads them; '' (or no events) is not given. */
export interface AuditQuery {
  from: string;
  to: string;
  events: string[];
  user: string;
}

export const auditFetchFailed = 'Failed to fetch the audit trail!';
export const auditDownloadFailed = 'Failed to download the audit trail!';
export const auditPeopleFailed = 'Failed to fetch the people to filter by!';

/** Rows per page. */
export const AUDIT_PAGE_SIZE = 50;

function base(scope: AuditScope): string {
  return scope.kind === 'admin' ? '/audit' : '/super-admin/audit';
}

/** The query text of `query` in `scope`, with `extra` first (the page size). */
export function auditSearch(scope: AuditScope, query: AuditQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (scope.kind === 'super-admin' && scope.shopId) params.set('shop', scope.shopId);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.events.length > 0) params.set('event', query.events.join(','));
  if (query.user) params.set('user', query.user);
  return params.toString();
}

/** The path of the first page. */
export function auditListPath(scope: AuditScope, query: AuditQuery): string {
  return `${base(scope)}?${auditSearch(scope, query, { limit: String(AUDIT_PAGE_SIZE) })}`;
}

/** A page at `path` (the first, or the one the server named next). */
export function listAuditPage(path: string, signal?: AbortSignal): Promise<ListPage<AuditEntry>> {
  return api.getPage<AuditEntry>(path, { fallbackMessage: auditFetchFailed, signal });
}

/** Every row the filters give, as the server's CSV file. */
export function downloadAuditCsv(scope: AuditScope, query: AuditQuery): Promise<DownloadedFile> {
  const search = auditSearch(scope, query);
  const path = `${base(scope)}/export.csv${search ? `?${search}` : ''}`;
  return apiDownload(path, 'audit.csv', { fallbackMessage: auditDownloadFailed });
}

/** The people of the shop the trail is about: the admin's staff, or a shop's employees. */
export function listAuditPeople(scope: AuditScope, signal?: AbortSignal): Promise<User[]> {
  if (scope.kind === 'admin') return api.getAll<User>('/admin/staff/list', { fallbackMessage: auditPeopleFailed, signal });
  if (!scope.shopId) return Promise.resolve([]);
  const shop = encodeURIComponent(scope.shopId);
  return api.getAll<User>(`/super-admin/employees?shop=${shop}`, { fallbackMessage: auditPeopleFailed, signal });
}
