/**
 * Sales Performance's three inputs: a native date (split into year,
 * month and day), a month number 1 to 12 and a year 1900 to 2100, each starting at today in
 * the shop's time zone (the server dates sales in it). A value out of range is not queried: the field says why, with
 * the same words the server uses.
 */
import type { SalesPeriod } from './types';

export const yearRange = { min: 1900, max: 2100 } as const;
export const monthRange = { min: 1, max: 12 } as const;

export const periodMessages = {
  year: `Year must be between ${yearRange.min} and ${yearRange.max}`,
  month: `Month must be between ${monthRange.min} and ${monthRange.max}`,
  date: 'Choose a date',
} as const;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Today in `timeZone` (an IANA name; the browser's own zone when undefined or unknown), as a
 * date input writes it: "2026-11-21". At 19:30 UTC it is already the 22nd in the Maldives.
 */
export function todayText(now: Date = new Date(), timeZone?: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  } catch {
    return todayText(now);
  }
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return `${part('year')}-${pad(part('month'))}-${pad(part('day'))}`;
}

/** A whole number typed in a number input, or null for blank, fractions and other text. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseYear(text: string): Parsed<number> {
  const year = wholeNumber(text);
  return year !== null && year >= yearRange.min && year <= yearRange.max
    ? { ok: true, value: year }
    : { ok: false, message: periodMessages.year };
}

export function parseMonth(text: string): Parsed<number> {
  const month = wholeNumber(text);
  return month !== null && month >= monthRange.min && month <= monthRange.max
    ? { ok: true, value: month }
    : { ok: false, message: periodMessages.month };
}

/** "2026-11-21" -> year 2026, month 11, day 21; a date input gives "" while incomplete. */
export function parseDate(text: string): Parsed<Required<SalesPeriod>> {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return { ok: false, message: periodMessages.date };
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < yearRange.min || year > yearRange.max) return { ok: false, message: periodMessages.year };
  return { ok: true, value: { year, month, day } };
}
