/**
 * The audit screen's filters as typed, and what of them is sent: a date range whose end is
 * before its start is shown as an error at the end and left out, so the list never asks the
 * server something it refuses.
 */
import type { AuditQuery } from './audit-api';

export const emptyAuditQuery: AuditQuery = { from: '', to: '', events: [], user: '' };

export interface AuditFilterErrors {
  to?: string;
}

export function checkAuditFilters(draft: AuditQuery): { applied: AuditQuery; errors: AuditFilterErrors } {
  const from = draft.from.trim();
  const to = draft.to.trim();
  if (from && to && from > to) {
    return { applied: { ...draft, from: '', to: '' }, errors: { to: 'The end date is before the start date' } };
  }
  return { applied: { ...draft, from, to }, errors: {} };
}

export const hasAuditFilters = (draft: AuditQuery) =>
  draft.from.trim() !== '' || draft.to.trim() !== '' || draft.events.length > 0 || draft.user !== '';

/** `events` with `event` added, or taken out when it is there. */
export function toggledEvent(events: readonly string[], event: string): string[] {
  return events.includes(event) ? events.filter((each) => each !== event) : [...events, event];
}
