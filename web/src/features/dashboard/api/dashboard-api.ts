/**
 * The dashboard's calls (docs/api-dashboard.md): the same six reads
 * under /admin/dashboard/invoices for a shop admin (always their own shop, so no shop is sent)
 * and under /super-admin/dashboard/invoices with `shop={shopId}` for the super admin. Each
 * names "Failed to fetch sales data!"; the server's own message wins when sent.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type {
  CategorySales, DashboardScope, DaySales, MonthSales, PaymentMethodSummary, SalesMethod, SalesPeriod, WeekdaySales,
  YearSales,
} from '../types';

type Query = Record<string, string | number | undefined>;

/** `/admin/dashboard/invoices/week?methods=cash` or `/super-admin/...?shop=7&methods=cash`. */
export function dashboardPath(scope: DashboardScope, resource: string, query: Query = {}): string {
  const params = new URLSearchParams();
  if (scope.area === 'super-admin') params.set('shop', scope.shopId);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  const base = scope.area === 'admin' ? '/admin' : '/super-admin';
  return `${base}/dashboard/invoices/${resource}${search ? `?${search}` : ''}`;
}

const read = <T>(path: string, signal?: AbortSignal) =>
  api.get<T>(path, { fallbackMessage: messages.salesDataFetchFailed, signal });

/** Every category's sales of all time, largest first. */
export const fetchCategorySales = (scope: DashboardScope, signal?: AbortSignal) =>
  read<CategorySales[]>(dashboardPath(scope, 'categories'), signal);

/** A day's (year, month, day), a month's (year, month) or a year's (year) totals per method. */
export const fetchPaymentMethodSummary = (scope: DashboardScope, period: SalesPeriod, signal?: AbortSignal) =>
  read<PaymentMethodSummary>(
    dashboardPath(scope, 'payment-method', { year: period.year, month: period.month, day: period.day }),
    signal,
  );

/** The last 7 days including today, oldest first, each named by its weekday. */
export const fetchWeekSales = (scope: DashboardScope, methods: SalesMethod, signal?: AbortSignal) =>
  read<WeekdaySales[]>(dashboardPath(scope, 'week', { methods }), signal);

/** The last 12 months including this one, oldest first, each named "2025-12". */
export const fetchMonthSales = (scope: DashboardScope, methods: SalesMethod, signal?: AbortSignal) =>
  read<MonthSales[]>(dashboardPath(scope, 'month', { methods }), signal);

/** Per year, up to the last 12. */
export const fetchYearSales = (scope: DashboardScope, methods: SalesMethod, signal?: AbortSignal) =>
  read<YearSales[]>(dashboardPath(scope, 'year', { methods }), signal);

/** Each day of this month up to today, every method together. */
export const fetchDaysSales = (scope: DashboardScope, signal?: AbortSignal) =>
  read<DaySales[]>(dashboardPath(scope, 'days'), signal);
