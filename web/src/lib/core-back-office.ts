/**
 * The back office's rules: refunds, custom invoices, re-pricing and dashboard bucketing, the
 * second WebAssembly module built from core-wasm.
 *
 * The till's module (core.ts) loads on every page and holds only what a cashier's screen runs;
 * this one (with the time-zone database) is fetched only when an admin screen asks for it
 * (`loadBackOfficeCore()`). Like core.ts, this is the only module that imports its glue; errors
 * are core's `CoreError`.
 */
import init, * as glue from '../wasm-core/pos_core_back_office_wasm.js';
import type * as Types from '../wasm-core/pos_core_back_office_wasm.js';
import { CoreLoadError, callWithJson, type CoreSource } from './core';

export type {
  PaidSale, TrendInput, CategoriesInput, PaymentMethodsInput, DayTotal, MonthTotal, YearTotal,
  CategoryTotal, PaymentMethodSummary, PaymentMethod, MethodFilter,
  CustomInvoiceInput, CustomInvoiceLineInput, CustomInvoice, CustomInvoiceLine,
  RefundByAmountInput, RefundByAmount, RefundByLinesInput, RefundByLines, ReverseLoyaltyInput,
  LoyaltyReversal, RepriceInput, Repriced,
} from '../wasm-core/pos_core_back_office_wasm.js';

let loading: Promise<void> | null = null;
let ready = false;

/** Loads the back-office module once; retries after a failure. */
export function loadBackOfficeCore(source?: CoreSource): Promise<void> {
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


/** The last 7 local days, oldest first. */
export const dashboardWeek = (input: Types.TrendInput): Types.DayTotal[] =>
  callWithJson('dashboardWeek', ready, glue.dashboardWeek, input);
/** The last 12 months, oldest first. */
export const dashboardMonth = (input: Types.TrendInput): Types.MonthTotal[] =>
  callWithJson('dashboardMonth', ready, glue.dashboardMonth, input);
/** Per year, ascending, at most 12. */
export const dashboardYear = (input: Types.TrendInput): Types.YearTotal[] =>
  callWithJson('dashboardYear', ready, glue.dashboardYear, input);
/** Every day of the current month up to today. */
export const dashboardDays = (input: Types.TrendInput): Types.DayTotal[] =>
  callWithJson('dashboardDays', ready, glue.dashboardDays, input);
export const dashboardCategories = (input: Types.CategoriesInput): Types.CategoryTotal[] =>
  callWithJson('dashboardCategories', ready, glue.dashboardCategories, input);
/** Cash, swipe and Stripe totals with the grand total, for a day, a month or a year. */
export const dashboardPaymentMethods = (input: Types.PaymentMethodsInput): Types.PaymentMethodSummary =>
  callWithJson('dashboardPaymentMethods', ready, glue.dashboardPaymentMethods, input);
/** Prices a custom invoice (typed-in customer, SPEC part 5 line rules). */
export const priceCustomInvoice = (input: Types.CustomInvoiceInput): Types.CustomInvoice =>
  callWithJson('priceCustomInvoice', ready, glue.priceCustomInvoice, input);
/** A refund by amount: accepted within what is still refundable. */
export const refundByAmount = (input: Types.RefundByAmountInput): Types.RefundByAmount =>
  callWithJson('refundByAmount', ready, glue.refundByAmount, input);
/** A refund by line: each line's share of what was paid, the goods to restock. */
export const refundByLines = (input: Types.RefundByLinesInput): Types.RefundByLines =>
  callWithJson('refundByLines', ready, glue.refundByLines, input);
/** Loyalty points to reverse and to restore after a refund. */
export const reverseLoyalty = (input: Types.ReverseLoyaltyInput): Types.LoyaltyReversal =>
  callWithJson('reverseLoyalty', ready, glue.reverseLoyalty, input);
/** Re-prices a sale and lists every difference from the totals the till submitted. */
export const repriceSale = (input: Types.RepriceInput): Types.Repriced =>
  callWithJson('repriceSale', ready, glue.repriceSale, input);
