/**
 * The invoices screen's filter bar as typed, and what of it is sent: a value that is not yet a
 * date range or an amount the server takes (docs/api-sales.md, "Finding an invoice") is shown
 * as an error at its field and left out, so the list never asks the server something it refuses.
 */
import type { InvoiceFilters } from '../api/invoice-records';

export type FilterDraft = Omit<InvoiceFilters, 'search'>;

export const emptyDraft: FilterDraft = { from: '', to: '', method: '', minAmount: '', maxAmount: '' };

export type FilterErrors = Partial<Record<keyof FilterDraft, string>>;

/** Digits with at most 2 decimals, as the server reads an amount. */
const amountPattern = /^\d+(\.\d{1,2})?$/;

/** An amount's cents, exactly (no float arithmetic); null when it is not an amount. */
function cents(text: string): bigint | null {
  if (!amountPattern.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function checkFilters(draft: FilterDraft): { applied: FilterDraft; errors: FilterErrors } {
  const applied: FilterDraft = { ...emptyDraft, method: draft.method };
  const errors: FilterErrors = {};
  const from = draft.from.trim();
  const to = draft.to.trim();
  if (from && to && from > to) errors.to = 'The end date is before the start date';
  else {
    applied.from = from;
    applied.to = to;
  }
  const min = draft.minAmount.trim();
  const max = draft.maxAmount.trim();
  const minCents = min ? cents(min) : null;
  const maxCents = max ? cents(max) : null;
  // Each end that reads as an amount is sent on its own; an upper end below the lower one is not.
  if (min && minCents === null) errors.minAmount = 'Enter an amount like 12.50';
  else applied.minAmount = min;
  if (max && maxCents === null) errors.maxAmount = 'Enter an amount like 12.50';
  else if (minCents !== null && maxCents !== null && minCents > maxCents) errors.maxAmount = 'The largest amount is below the smallest';
  else applied.maxAmount = max;
  return { applied, errors };
}

export const hasFilters = (draft: FilterDraft) => Object.values(draft).some((value) => value.trim() !== '');
