/**
 * Dashboard answers shaped as the issue 6 contract says the server sends them, for a shop whose
 * "today" is Saturday 21 November 2026. Tests only.
 */
import type { CategorySales, DaySales, MonthSales, PaymentMethodSummary, YearSales } from './types';

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

/** Eight days: the chart keeps the last seven (SPEC part 9). */
export const weekSales: DaySales[] = [
  day(14, 11, 999),
  day(15, 11, 0),
  day(16, 11, 120.5),
  day(17, 11, 80),
  day(18, 11, 0),
  day(19, 11, 45.25),
  day(20, 11, 300),
  day(21, 11, 65.9),
];

export const weekCashSales: DaySales[] = weekSales.slice(1).map((row) => ({ ...row, roundedTotalAmount: 10 }));

export const monthSales: MonthSales[] = Array.from({ length: 12 }, (_, index) => ({
  month: ((index + 11) % 12) + 1,
  year: index === 0 ? 2025 : 2026,
  roundedTotalAmount: 1000 + index,
}));

/** Out of order on purpose: the chart sorts them. */
export const yearSales: YearSales[] = [
  { year: 2026, roundedTotalAmount: 15000.75 },
  { year: 2024, roundedTotalAmount: 9000 },
  { year: 2025, roundedTotalAmount: 12000.1 },
];

/** Out of order on purpose: the line runs by day. */
export const daysSales: DaySales[] = [day(3, 11, 30), day(1, 11, 10), day(2, 11, 20.5)];
