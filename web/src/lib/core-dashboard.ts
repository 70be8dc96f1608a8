/**
 * Sales bucketing for the dashboards: the second WebAssembly module built from core-wasm.
 *
 * It carries the time-zone database, so it is kept out of the till's module and loaded only when
 * a dashboard screen asks for it (`loadDashboardCore()`). Like core.ts, this is the only module
 * that imports its glue; errors are core's `CoreError`.
 */
import init, * as glue from '../wasm-core/pos_core_dashboard_wasm.js';
import type * as Types from '../wasm-core/pos_core_dashboard_wasm.js';
import { CoreLoadError, runLoaded, type CoreSource } from './core';

export type {
  PaidSale, TrendInput, CategoriesInput, PaymentMethodsInput, DayTotal, MonthTotal, YearTotal,
  CategoryTotal, PaymentMethodSummary, PaymentMethod, MethodFilter,
} from '../wasm-core/pos_core_dashboard_wasm.js';

let loading: Promise<void> | null = null;
let ready = false;

/** Loads the dashboard module once; retries after a failure. */
export function loadDashboardCore(source?: CoreSource): Promise<void> {
  loading ??= init(source === undefined ? undefined : { module_or_path: source }).then(
    () => {
      ready = true;
    },
    (cause: unknown) => {
      loading = null;
      throw new CoreLoadError(cause);
    },
  );
  return loading;
}

const call = <T>(functionName: string, run: () => T): T => runLoaded(functionName, ready, run);

/** The last 7 local days, oldest first. */
export const dashboardWeek = (input: Types.TrendInput): Types.DayTotal[] =>
  call('dashboardWeek', () => glue.dashboardWeek(input));
/** The last 12 months, oldest first. */
export const dashboardMonth = (input: Types.TrendInput): Types.MonthTotal[] =>
  call('dashboardMonth', () => glue.dashboardMonth(input));
/** Per year, ascending, at most 12. */
export const dashboardYear = (input: Types.TrendInput): Types.YearTotal[] =>
  call('dashboardYear', () => glue.dashboardYear(input));
/** Every day of the current month up to today. */
export const dashboardDays = (input: Types.TrendInput): Types.DayTotal[] =>
  call('dashboardDays', () => glue.dashboardDays(input));
export const dashboardCategories = (input: Types.CategoriesInput): Types.CategoryTotal[] =>
  call('dashboardCategories', () => glue.dashboardCategories(input));
/** Cash, swipe and Stripe totals with the grand total, for a day, a month or a year. */
export const dashboardPaymentMethods = (input: Types.PaymentMethodsInput): Types.PaymentMethodSummary =>
  call('dashboardPaymentMethods', () => glue.dashboardPaymentMethods(input));
