/**
 * The back office's shift reads (docs/api-shifts.md, "Back office reads"): a page of the shop's
 * shifts narrowed by till, status, dates and person; one shift's raw figures; and the CSV
 * download's address, which the browser fetches itself (a file, not an envelope).
 */
import { api, apiGetPage, apiUrl, type ListPage } from '@/lib/api-client';
import type { Shift, ShiftDetail, ShiftFilters } from '../types';

export const shiftsFetchFailed = 'Failed to fetch shifts!';
export const shiftFetchFailed = 'Failed to fetch shift!';

/** Rows per page of the history. */
export const SHIFTS_PAGE_SIZE = 50;

/** The filters as query text, blank ones left out. */
export function filterQuery(filters: ShiftFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters) as [keyof ShiftFilters, string][]) {
    const trimmed = value.trim();
    if (trimmed) query.set(name, trimmed);
  }
  return query;
}

/** The first page for `filters`; a page's `next` is the path of the one after it. */
export function listShifts(filters: ShiftFilters, signal?: AbortSignal, limit = SHIFTS_PAGE_SIZE): Promise<ListPage<Shift>> {
  const query = filterQuery(filters);
  query.set('limit', String(limit));
  return apiGetPage<Shift>(`/shifts?${query.toString()}`, { fallbackMessage: shiftsFetchFailed, signal });
}

/** The page at `next` (a path a page named). */
export function listShiftsAt(next: string, signal?: AbortSignal): Promise<ListPage<Shift>> {
  return apiGetPage<Shift>(next, { fallbackMessage: shiftsFetchFailed, signal });
}

export function getShift(id: string, signal?: AbortSignal): Promise<ShiftDetail> {
  return api.get<ShiftDetail>(`/shifts/${encodeURIComponent(id)}`, { fallbackMessage: shiftFetchFailed, signal });
}

/** Where the CSV of the shifts `filters` choose is downloaded from. */
export function shiftsCsvUrl(filters: ShiftFilters): string {
  const query = filterQuery(filters).toString();
  return apiUrl(`/shifts/export.csv${query ? `?${query}` : ''}`);
}

/** A person a shift can be narrowed to. */
export interface ShiftPerson {
  _id: string;
  userName: string;
}

/** The shop's people for the "Opened or closed by" filter (the admin's staff list). */
export function listShiftPeople(signal?: AbortSignal): Promise<ShiftPerson[]> {
  return api.getAll<ShiftPerson>('/admin/staff/list', { fallbackMessage: 'Failed to fetch staff!', signal });
}
