/**
 * What the dashboard calls answer (SPEC part 3 "Dashboard rows"; the issue 6 contract). Amounts
 * are JSON numbers with at most 2 decimals, written from their text (lib/money-text), never
 * added up here: every sum is the server's.
 */

/** SPEC part 3's payment method values; `all` is every method together. */
export type SalesMethod = 'all' | 'cash' | 'internal-device' | 'digital';

/** One day's sales: a row of the weekly chart and of this month's line chart. */
export interface DaySales {
  day: number;
  month: number;
  year: number;
  roundedTotalAmount: number;
}

export interface MonthSales {
  month: number;
  year: number;
  roundedTotalAmount: number;
}

export interface YearSales {
  year: number;
  roundedTotalAmount: number;
}

export interface CategorySales {
  category: string;
  roundedTotalAmount: number;
}

export interface MethodTotal {
  paymentType: { paymentMethod: string };
  roundedTotalAmount: number;
}

/** Sales Performance: a day's, a month's or a year's total per payment method and together. */
export interface PaymentMethodSummary {
  date: {
    paymentMethod: MethodTotal[];
    grandTotal: { roundedTotalAmount: number };
  };
}

/** Whose sales: the signed-in admin's own shop, or the shop the super admin chose in the bar. */
export type DashboardScope = { area: 'admin' } | { area: 'super-admin'; shopId: string };

/** A period of Sales Performance: a year, a month of it, or a day of that month. */
export interface SalesPeriod {
  year: number;
  month?: number;
  day?: number;
}
