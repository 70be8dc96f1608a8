/**
 * The rows each chart draws (SPEC part 9): the weekly chart its last 7 entries, the monthly one
 * up to 12 months, the yearly one up to 12 years in order, this month's line sorted by day.
 * Only rows are chosen and ordered here; every amount is the server's, untouched.
 */
import type { DaySales, MonthSales, YearSales } from './types';

/** One point of a chart: its axis label and the server's amount. */
export interface ChartPoint {
  label: string;
  amount: number;
}

const monthNames = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** 1 -> "January"; null for anything that is not a month. */
export const monthName = (month: number): string | null => monthNames[month - 1] ?? null;

const shortMonth = (month: number) => monthName(month)?.slice(0, 3) ?? String(month);

const byDate = (a: DaySales, b: DaySales) => a.year - b.year || a.month - b.month || a.day - b.day;

/** "21 Nov" for each of the last 7 days, oldest first as the server sent them. */
export const weekPoints = (rows: DaySales[]): ChartPoint[] =>
  rows.slice(-7).map((row) => ({ label: `${row.day} ${shortMonth(row.month)}`, amount: row.roundedTotalAmount }));

/** "Nov 2026" for each of up to the last 12 months. */
export const monthPoints = (rows: MonthSales[]): ChartPoint[] =>
  rows.slice(-12).map((row) => ({ label: `${shortMonth(row.month)} ${row.year}`, amount: row.roundedTotalAmount }));

/** Each of up to the last 12 years, in order. */
export const yearPoints = (rows: YearSales[]): ChartPoint[] =>
  [...rows]
    .sort((a, b) => a.year - b.year)
    .slice(-12)
    .map((row) => ({ label: String(row.year), amount: row.roundedTotalAmount }));

/** This month's days in order, labelled by day number. */
export const dayPoints = (rows: DaySales[]): ChartPoint[] =>
  [...rows].sort(byDate).map((row) => ({ label: String(row.day), amount: row.roundedTotalAmount }));
