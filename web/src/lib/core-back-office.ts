/**
 * The back office's rules: refunds, custom invoices, re-pricing, the stock ledger, dashboard bucketing, the
 * staff signup form, a product's reorder level and the loyalty ledger's arithmetic, the second WebAssembly module built from core-wasm.
 *
 * The till's module (core.ts) loads on every page and holds only what a cashier's screen runs;
 * this one (with the time-zone database) is fetched only when an admin screen asks for it
 * (`loadBackOfficeCore()`). Like core.ts, this is the only module that imports its glue; errors
 * are core's `CoreError`.
 */
import init, * as glue from '../wasm-core/pos_core_back_office_wasm.js';
import type * as Types from '../wasm-core/pos_core_back_office_wasm.js';
import { wasmModule, type CoreSource } from './wasm-module';

export type {
  PaidSale, TrendInput, CategoriesInput, PaymentMethodsInput, WeekdayTotal, DayTotal, MonthTotal, YearTotal,
  CategoryTotal, PaymentMethodSummary, PaymentMethod, MethodFilter,
  CustomInvoiceInput, CustomInvoiceLineInput, CustomInvoice, CustomInvoiceLine,
  ProductPriceInput, ProductPrice, SellingPriceEdit, EditedSellingPrice,
  RefundByAmountInput, RefundByAmount, RefundByLinesInput, RefundByLines, ReverseLoyaltyInput,
  LoyaltyReversal, RepriceInput, Repriced, RefundTendersInput, RefundTenders, TenderInput, TenderPlan, TopUpInput, TopUp,
  MoveKind, AdjustmentReason, StockMove, StockBalanceInput, StockBalance, StockAdjustmentInput, StockAdjustment,
  AverageCostInput, AverageCost, DeliveryLineInput, DeliveryInput, ReceivedLine, Delivery, CountLineInput, CountInput,
  CountedLine, CountDifferences, ValuedProduct, StockValueInput, StockValue, StockLevel, LowStockInput, LowProduct, LowStock,
  ReorderLevelInput,
} from '../wasm-core/pos_core_back_office_wasm.js';

const backOffice = wasmModule('loadBackOfficeCore', init);

/** Loads the back-office module once (see wasm-module.ts); retries after a failure. */
export const loadBackOfficeCore = (source?: CoreSource): Promise<void> => backOffice.load(source);
export const isBackOfficeCoreReady = (): boolean => backOffice.isReady();

/** A customer's points from their ledger rows. */
export const loyaltyBalance = (input: Types.LoyaltyBalanceInput): Types.LoyaltyBalance =>
  backOffice.callWithJson('loyaltyBalance', glue.loyaltyBalance, input);
/** The ledger rows a paid sale writes (redeem, then earn). */
export const saleLoyaltyEntries = (input: Types.SaleEntriesInput): Types.SaleEntries =>
  backOffice.callWithJson('saleLoyaltyEntries', glue.saleLoyaltyEntries, input);
/** Every failing rule of the staff signup form (empty when valid), with SPEC's messages. */
export const validateStaffSignup = (input: Types.StaffSignupInput): Types.FieldError[] =>
  backOffice.callWithJson('validateStaffSignup', glue.validateStaffSignup, input);
/** A product's reorder level for its unit: empty when valid, else its one failure, with the server's message. */
export const validateReorderLevel = (input: Types.ReorderLevelInput): Types.FieldError[] =>
  backOffice.callWithJson('validateReorderLevel', glue.validateReorderLevel, input);
/** The last 7 local days, oldest first. */
export const dashboardWeek = (input: Types.TrendInput): Types.WeekdayTotal[] =>
  backOffice.callWithJson('dashboardWeek', glue.dashboardWeek, input);
/** The last 12 months, oldest first. */
export const dashboardMonth = (input: Types.TrendInput): Types.MonthTotal[] =>
  backOffice.callWithJson('dashboardMonth', glue.dashboardMonth, input);
/** Per year, ascending, at most 12. */
export const dashboardYear = (input: Types.TrendInput): Types.YearTotal[] =>
  backOffice.callWithJson('dashboardYear', glue.dashboardYear, input);
/** Every day of the current month up to today. */
export const dashboardDays = (input: Types.TrendInput): Types.DayTotal[] =>
  backOffice.callWithJson('dashboardDays', glue.dashboardDays, input);
export const dashboardCategories = (input: Types.CategoriesInput): Types.CategoryTotal[] =>
  backOffice.callWithJson('dashboardCategories', glue.dashboardCategories, input);
/** Cash, swipe and Stripe totals with the grand total, for a day, a month or a year. */
export const dashboardPaymentMethods = (input: Types.PaymentMethodsInput): Types.PaymentMethodSummary =>
  backOffice.callWithJson('dashboardPaymentMethods', glue.dashboardPaymentMethods, input);
/** Prices a custom invoice (typed-in customer, the core's line rules). */
export const priceCustomInvoice = (input: Types.CustomInvoiceInput): Types.CustomInvoice =>
  backOffice.callWithJson('priceCustomInvoice', glue.priceCustomInvoice, input);
/** What a catalogue product sells at, and whether that is its cost price marked up. */
export const productPrice = (input: Types.ProductPriceInput): Types.ProductPrice =>
  backOffice.callWithJson('productPrice', glue.productPrice, input);
/** The selling price a product edit keeps: 0 keeps it priced from its cost. */
export const editedSellingPrice = (input: Types.SellingPriceEdit): Types.EditedSellingPrice =>
  backOffice.callWithJson('editedSellingPrice', glue.editedSellingPrice, input);
/** A refund by amount: accepted within what is still refundable. */
export const refundByAmount = (input: Types.RefundByAmountInput): Types.RefundByAmount =>
  backOffice.callWithJson('refundByAmount', glue.refundByAmount, input);
/** A refund by line: each line's share of what was paid, the goods to restock. */
export const refundByLines = (input: Types.RefundByLinesInput): Types.RefundByLines =>
  backOffice.callWithJson('refundByLines', glue.refundByLines, input);
/** Where a refund's money goes back: each method the sale was paid by, within what it took. */
export const refundTenders = (input: Types.RefundTendersInput): Types.RefundTenders =>
  backOffice.callWithJson('refundTenders', glue.refundTenders, input);
/** A till's tenders as the server takes them when the sale syncs (fitted to the server's total). */
export const syncedTenders = (input: Types.TenderInput): Types.TenderPlan =>
  backOffice.callWithJson('syncedTenders', glue.syncedTenders, input);

export const storeCreditTopUp = (input: Types.TopUpInput): Types.TopUp =>
  backOffice.callWithJson('storeCreditTopUp', glue.storeCreditTopUp, input);
/** Loyalty points to reverse and to restore after a refund. */
export const reverseLoyalty = (input: Types.ReverseLoyaltyInput): Types.LoyaltyReversal =>
  backOffice.callWithJson('reverseLoyalty', glue.reverseLoyalty, input);
/** Re-prices a sale and lists every difference from the totals the till submitted. */
export const repriceSale = (input: Types.RepriceInput): Types.Repriced =>
  backOffice.callWithJson('repriceSale', glue.repriceSale, input);

/** A product's stock: the sum of its ledger's moves. */
export const stockBalance = (input: Types.StockBalanceInput): Types.StockBalance =>
  backOffice.callWithJson('stockBalance', glue.stockBalance, input);
/** Checks a stock adjustment by hand (its reason's sign, no more off than is on hand) and gives the stock after. */
export const stockAdjustment = (input: Types.StockAdjustmentInput): Types.StockAdjustment =>
  backOffice.callWithJson('stockAdjustment', glue.stockAdjustment, input);
/** A product's weighted average cost per unit after a delivery. */
export const averageCost = (input: Types.AverageCostInput): Types.AverageCost =>
  backOffice.callWithJson('averageCost', glue.averageCost, input);
/** A supplier's delivery: each line's cost, stock and cost per unit after it, and the delivery's total. */
export const receiveDelivery = (input: Types.DeliveryInput): Types.Delivery =>
  backOffice.callWithJson('receiveDelivery', glue.receiveDelivery, input);
/** A stock count's differences (the count moves) and their value at cost, short and over. */
export const countDifferences = (input: Types.CountInput): Types.CountDifferences =>
  backOffice.callWithJson('countDifferences', glue.countDifferences, input);
/** The stock on hand's value at cost and at retail; products below 0 are counted, not valued. */
export const stockValue = (input: Types.StockValueInput): Types.StockValue =>
  backOffice.callWithJson('stockValue', glue.stockValue, input);
/** Products at or below their reorder level, shortest first. */
export const lowStock = (input: Types.LowStockInput): Types.LowStock =>
  backOffice.callWithJson('lowStock', glue.lowStock, input);
