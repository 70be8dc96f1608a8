/**
 * The rows each chart draws: the weekly chart its last 7 entries, the monthly one
 * up to 12 months, the yearly one up to 12 years in order, this month's line sorted by day.
 * Each chart is put in time order by what the server names its rows with (a week's `date`, a
 * month's "2025-12", a year, a day of the month), and labelled with the server's names: only rows
 * are chosen and ordered here; every amount is the server's, untouched.
 */
import type { DaySales, MonthSales, WeekdaySales, YearSales } from './types';

/** One point of a chart: its axis label and the server's amount. */
export interface ChartPoint {
  label: string;
  amount: number;
}

/** Whether any point has a sale: a chart of only zeros draws bare axes, which say nothing. */
export const hasSales = (points: readonly ChartPoint[]) => points.some((point) => point.amount !== 0);

const monthNames = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** 1 -> "January"; null for anything that is not a month. */
export const monthName = (month: number): string | null => monthNames[month - 1] ?? null;

/** Rows in the order of a text key that sorts in time order ("2026-11-21", "2025-12"). */
const inTimeOrder = <Row>(rows: Row[], key: (row: Row) => string): Row[] =>
  [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/** "Sat 21" (the server's weekday, then the day of the month) for each of the last 7 days. */
export const weekPoints = (rows: WeekdaySales[]): ChartPoint[] =>
  inTimeOrder(rows, (row) => row.date)
    .slice(-7)
    .map((row) => ({ label: `${row.day} ${row.dayOfMonth}`, amount: row.roundedTotalAmount }));

/**
 * "Dec 2025" for each of up to the last 12 months: the first three letters of the server's
 * month name (the usual English abbreviation of every month) and the year, so a year's turn
 * reads on the axis.
 */
export const monthPoints = (rows: MonthSales[]): ChartPoint[] =>
  inTimeOrder(rows, (row) => row.month)
    .slice(-12)
    .map((row) => ({ label: `${row.monthName.slice(0, 3)} ${row.year}`, amount: row.roundedTotalAmount }));

/** Each of up to the last 12 years, in order. */
export const yearPoints = (rows: YearSales[]): ChartPoint[] =>
  [...rows]
    .sort((a, b) => a.year - b.year)
    .slice(-12)
    .map((row) => ({ label: String(row.year), amount: row.roundedTotalAmount }));

const byDate = (a: DaySales, b: DaySales) => a.year - b.year || a.month - b.month || a.day - b.day;

/** This month's days in order, labelled by day number. */
export const dayPoints = (rows: DaySales[]): ChartPoint[] =>
  [...rows].sort(byDate).map((row) => ({ label: String(row.day), amount: row.roundedTotalAmount }));
