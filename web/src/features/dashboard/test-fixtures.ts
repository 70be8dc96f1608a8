/**
 * Dashboard answers shaped as docs/api-dashboard.md says the server sends them, for a shop whose
 * "today" is Saturday 21 November 2026. Tests only.
 */
import type { CategorySales, DaySales, MonthSales, PaymentMethodSummary, WeekdaySales, YearSales } from './types';

/** 10:00 local time on the day the tests call today. */
export const testToday = new Date(2026, 10, 21, 10, 0, 0);

export const categorySales: CategorySales[] = [
  { category: 'Drinks', roundedTotalAmount: 1250.5 },
  { category: 'Bakery', roundedTotalAmount: 310 },
  { category: 'Uncategorised', roundedTotalAmount: 12.05 },
];

/** A summary with every method, as the server always sends it (cash, swipe, card). */
export function summary(cash: number, swipe: number, card: number, total: number): PaymentMethodSummary {
  return {
    date: {
      paymentMethod: [
        { paymentType: { paymentMethod: 'cash' }, roundedTotalAmount: cash },
        { paymentType: { paymentMethod: 'internal-device' }, roundedTotalAmount: swipe },
        { paymentType: { paymentMethod: 'digital' }, roundedTotalAmount: card },
      ],
      grandTotal: { roundedTotalAmount: total },
    },
  };
}

const day = (dayOfMonth: number, month: number, amount: number): DaySales => ({
  day: dayOfMonth,
  month,
  year: 2026,
  roundedTotalAmount: amount,
});

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A November 2026 day of the weekly chart; the 16th is a Monday. */
const weekday = (dayOfMonth: number, amount: number): WeekdaySales => ({
  day: weekdays[(dayOfMonth - 16 + 14) % 7],
  date: `2026-11-${dayOfMonth}`,
  dayOfMonth,
  month: 11,
  year: 2026,
  roundedTotalAmount: amount,
});

/** Eight days: the chart keeps the last seven. */
export const weekSales: WeekdaySales[] = [
  weekday(14, 999),
  weekday(15, 0),
  weekday(16, 120.5),
  weekday(17, 80),
  weekday(18, 0),
  weekday(19, 45.25),
  weekday(20, 300),
  weekday(21, 65.9),
];

export const weekCashSales: WeekdaySales[] = weekSales.slice(1).map((row) => ({ ...row, roundedTotalAmount: 10 }));

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month of the monthly chart as the server names it: "2025-12", "December". */
export const monthRow = (year: number, monthNumber: number, amount: number): MonthSales => ({
  month: `${year}-${String(monthNumber).padStart(2, '0')}`,
  monthName: monthNames[monthNumber - 1],
  monthNumber,
  year,
  roundedTotalAmount: amount,
});

/** December 2025 to November 2026: the year turns after the first month. */
export const monthSales: MonthSales[] = Array.from({ length: 12 }, (_, index) =>
  index === 0 ? monthRow(2025, 12, 1000) : monthRow(2026, index, 1000 + index),
);

/** Out of order on purpose: the chart sorts them. */
export const yearSales: YearSales[] = [
  { year: 2026, roundedTotalAmount: 15000.75 },
  { year: 2024, roundedTotalAmount: 9000 },
  { year: 2025, roundedTotalAmount: 12000.1 },
];

/** Out of order on purpose: the line runs by day. */
export const daysSales: DaySales[] = [day(3, 11, 30), day(1, 11, 10), day(2, 11, 20.5)];
