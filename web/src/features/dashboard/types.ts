/**
 * What the dashboard calls answer (docs/api-dashboard.md, "Rows"). Amounts
 * are JSON numbers with at most 2 decimals, written from their text (lib/money-text), never
 * added up here: every sum is the server's.
 */

/** The payment method values; `all` is every method together. */
export type SalesMethod = 'all' | 'cash' | 'internal-device' | 'digital';

/**
 * One day of the weekly chart, named by its weekday (docs/api-dashboard.md, "Rows"): a week has
 * each weekday once, and a name keeps its place where a day number would sort first.
 */
export interface WeekdaySales {
  /** "Mon" to "Sun". */
  day: string;
  /** "2026-11-21": sorts in time order as text. */
  date: string;
  dayOfMonth: number;
  month: number;
  year: number;
  roundedTotalAmount: number;
}

/** One day of this month's line chart, `day` 1 to 31. */
export interface DaySales {
  day: number;
  month: number;
  year: number;
  roundedTotalAmount: number;
}

/** One month of the monthly chart, named "2025-12" so that its name sorts in time order. */
export interface MonthSales {
  month: string;
  /** "December". */
  monthName: string;
  monthNumber: number;
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
  /**
   * How many of the shop's products are at or below their reorder level now, whatever the
   * period (docs/api-stock.md, "Low stock"): sent to a shop admin, absent otherwise.
   */
  lowStock?: number;
}

/** Whose sales: the signed-in admin's own shop, or the shop the super admin chose in the bar. */
export type DashboardScope = { area: 'admin' } | { area: 'super-admin'; shopId: string };

/** A period of Sales Performance: a year, a month of it, or a day of that month. */
export interface SalesPeriod {
  year: number;
  month?: number;
  day?: number;
}
