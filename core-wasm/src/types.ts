/** A decimal amount written as a string, e.g. "12.50". Inputs also accept numbers. */
export type Decimal = string;
export type DecimalIn = string | number;

export type Unit = "no" | "kg" | "lt" | "m";
export type DiscountType = "percentage" | "flat";
export type PaymentMethod = "cash" | "internal-device" | "digital" | "store-credit" | "gift-card";
export type MethodFilter = PaymentMethod | "all";

/** Thrown by every core function that refuses its input. */
export interface CoreErrorFields { kind: "invalid" | "rule"; field?: string; message: string }

export interface CartLineInput {
  productId: string; productName?: string; quantity: DecimalIn; unit: Unit; customProduct?: boolean;
  sellingPrice?: DecimalIn; costPrice?: DecimalIn; costPriceProfit?: DecimalIn; discount?: DecimalIn;
  discountType?: DiscountType; categoryDiscountRate?: DecimalIn; productTax?: DecimalIn; loyaltyRate?: DecimalIn;
}
export interface CartInput { lines: CartLineInput[]; redeemAmount?: DecimalIn; earnsPoints?: boolean }
/** Every value core reads from a cart line, as a sale keeps them: each one given, decimals as text. */
export interface CartLine {
  productId: string; productName: string; quantity: Decimal; unit: Unit; customProduct: boolean;
  sellingPrice: Decimal; costPrice: Decimal; costPriceProfit: Decimal; discount: Decimal;
  discountType: DiscountType; categoryDiscountRate: Decimal; productTax: Decimal; loyaltyRate: Decimal;
}
/**
 * A line of an invoice: the values it was priced with and what core priced it at (`PricedLine`'s
 * amounts; its `discount` in money is `discountAmount` here, since `discount` is the product's).
 */
export interface SaleLine extends CartLine {
  _id: string; price: Decimal; gross: Decimal; discountAmount: Decimal; tax: Decimal; total: Decimal;
  pointsEarned: Decimal; refundedQuantity: Decimal;
}
export interface PricedLine {
  productId: string; productName: string; unit: Unit; customProduct: boolean; quantity: Decimal;
  price: Decimal; gross: Decimal; discount: Decimal; tax: Decimal; total: Decimal; pointsEarned: Decimal;
}
export interface PricedCart {
  lines: PricedLine[]; subTotal: Decimal; totalDiscount: Decimal; totalTax: Decimal;
  redeemAmount: Decimal; totalAmount: Decimal; pointsEarned: Decimal;
}
export interface CashBalanceInput { received: DecimalIn; totalAmount: DecimalIn }
export interface CashBalance { balance: Decimal }

/** A cart line's fields with the quantity as typed (blank: not typed yet); `loyaltyRate` is ignored. */
export interface CustomInvoiceLineInput {
  productId?: string | null; productName?: string; quantity?: string | number | null; unit: Unit;
  customProduct?: boolean; sellingPrice?: DecimalIn; costPrice?: DecimalIn; costPriceProfit?: DecimalIn;
  discount?: DecimalIn; discountType?: DiscountType; categoryDiscountRate?: DecimalIn; productTax?: DecimalIn;
}
export interface CustomInvoiceInput { lines: CustomInvoiceLineInput[] }
/** Priced as the till prices a cart line; `pointsEarned` is always "0.00" (never paid). */
export type CustomInvoiceLine = PricedLine;
/** The cart's shape; `redeemAmount` and `pointsEarned` are always "0.00". */
export type CustomInvoice = PricedCart;

export interface ProductPriceInput { sellingPrice?: DecimalIn; costPrice?: DecimalIn; costPriceProfit?: DecimalIn }
export interface ProductPrice { sellingPrice: Decimal; pricedFromCost: boolean }
export interface SellingPriceEdit { storedSellingPrice?: DecimalIn; edited: ProductPriceInput }
export interface EditedSellingPrice { sellingPrice: Decimal }

export type LedgerKind = "earn" | "redeem" | "refundReversal" | "redeemRestore";
export interface LedgerEntry { kind: LedgerKind; points: Decimal; invoiceId: string }
export interface LoyaltyBalanceInput { entries: { kind: LedgerKind; points: DecimalIn; invoiceId: string }[] }
export interface LoyaltyBalance { balance: Decimal; earned: Decimal; redeemed: Decimal; reversed: Decimal; restored: Decimal }
export interface RedeemLimitInput { availablePoints: DecimalIn; amountDue: DecimalIn; requested: DecimalIn; earlierRedemption?: DecimalIn }
export interface RedeemLimit { accepted: Decimal; maxRedeemable: Decimal; pointsAfter: Decimal }
export interface SaleEntriesInput { invoiceId: string; pointsEarned?: DecimalIn; redeemAmount?: DecimalIn }
export interface SaleEntries { entries: LedgerEntry[] }

export type RefundStatus = "paid" | "refunded";
export interface RefundByAmountInput { paid: DecimalIn; alreadyRefunded?: DecimalIn; amount: DecimalIn }
export interface RefundByAmount { accepted: Decimal; refundedTotal: Decimal; remaining: Decimal; fullyRefunded: boolean; status: RefundStatus }
export interface RefundInvoiceLine { lineId?: string; productId: string; productName?: string; quantity: DecimalIn; total: DecimalIn; refundedQuantity?: DecimalIn }
export interface RefundRequestItem { lineId?: string; productId?: string; quantity: DecimalIn }
export interface RefundByLinesInput { lines: RefundInvoiceLine[]; redeemAmount?: DecimalIn; alreadyRefunded?: DecimalIn; request: RefundRequestItem[] }
export interface RefundedLine { lineId?: string; productId: string; productName: string; quantity: Decimal; amount: Decimal; refundedQuantity: Decimal; linePaid: Decimal }
export interface RefundByLines {
  lines: RefundedLine[]; amount: Decimal; paid: Decimal; refundedTotal: Decimal; remaining: Decimal;
  capped: boolean; fullyRefunded: boolean; status: RefundStatus; restock: { productId: string; quantity: Decimal }[];
}
export interface ReverseLoyaltyInput {
  invoiceId: string; pointsEarned?: DecimalIn; pointsRedeemed?: DecimalIn; paid: DecimalIn; refundedTotal: DecimalIn;
  alreadyReversed?: DecimalIn; alreadyRestored?: DecimalIn; fullyRefunded?: boolean;
}
export interface LoyaltyReversal { reversePoints: Decimal; restorePoints: Decimal; reversedTotal: Decimal; restoredTotal: Decimal; entries: LedgerEntry[] }

export interface SubmittedSale {
  subTotal: DecimalIn; totalDiscount: DecimalIn; totalTax?: DecimalIn; totalAmount: DecimalIn; pointsEarned?: DecimalIn;
  lines?: { price: DecimalIn; total: DecimalIn }[];
}
export interface RepriceInput { cart: CartInput; submitted: SubmittedSale }
export interface Repriced { cart: PricedCart; differences: { field: string; submitted: Decimal; computed: Decimal }[]; matches: boolean }

export interface FieldError { field: string; message: string }
export interface StaffSignupInput { userName?: string; email?: string; phoneNumber?: string; password?: string }
export interface FieldInput { field: string; value?: string }
/** A product's reorder level as typed, for its unit; absent or null (no level) is valid. */
export interface ReorderLevelInput { reorderLevel?: DecimalIn | null; unit: Unit }

export interface PaidSale { paidAt: number; paymentMethod: PaymentMethod; amount: DecimalIn; lines?: { category: string; amount: DecimalIn }[] }
export interface TrendInput { sales: PaidSale[]; now: number; timeZone: string; method?: MethodFilter }
export interface CategoriesInput { sales: PaidSale[] }
export interface PaymentMethodsInput { sales: PaidSale[]; timeZone: string; year: number; month?: number | null; day?: number | null }
/** A day of the week chart: `day` is its weekday ("Mon"), `date` is "2030-02-25". */
export interface WeekdayTotal {
  day: string; date: string; dayOfMonth: number; month: number; year: number; roundedTotalAmount: Decimal;
}
/** A day of this month's chart, `day` 1 to 31. */
export interface DayTotal { day: number; month: number; year: number; roundedTotalAmount: Decimal }
/** A month of the month chart: `month` is "2029-12" (sorts in time order), `monthName` "December". */
export interface MonthTotal {
  month: string; monthName: string; monthNumber: number; year: number; roundedTotalAmount: Decimal;
}
export interface YearTotal { year: number; roundedTotalAmount: Decimal }
export interface CategoryTotal { category: string; roundedTotalAmount: Decimal }
export interface PaymentMethodSummary {
  date: {
    paymentMethod: { paymentType: { paymentMethod: PaymentMethod }; roundedTotalAmount: Decimal }[];
    grandTotal: { roundedTotalAmount: Decimal };
  };
}

export type MovementKind = "payIn" | "payOut";
/** A paid sale of the shift, with the totals core priced it at (`totalAmount = subTotal - totalDiscount + totalTax - redeemAmount`). */
/** A method and an amount: in a `TenderInput`, cash is what was handed over; elsewhere what the tender paid. */
export interface Tender { method: PaymentMethod; amount: DecimalIn }
/** What a tender paid of a sale (or gave back), as core answers it. */
export interface TenderPart { method: PaymentMethod; amount: Decimal }
/**
 * A paid sale of the shift, with the totals core priced it at (`totalAmount = subTotal - totalDiscount + totalTax - redeemAmount`).
 * Exactly one of `paymentMethod` (paid whole) or `tenders` (paid in parts, adding up to `totalAmount`).
 * `rounding`: what cash rounding added to its cash (negative: took off).
 */
export interface ShiftSale {
  invoiceId: string; paymentMethod?: PaymentMethod | null; tenders?: Tender[]; rounding?: DecimalIn; subTotal: DecimalIn;
  totalDiscount?: DecimalIn; totalTax?: DecimalIn; redeemAmount?: DecimalIn; totalAmount: DecimalIn;
}
/** Exactly one of `paymentMethod` or `tenders` (adding up to `amount`). */
export interface ShiftRefund { invoiceId: string; paymentMethod?: PaymentMethod | null; tenders?: Tender[]; amount: DecimalIn }
export interface CashMovement { kind: MovementKind; amount: DecimalIn; reason: string }
/** `count` is a whole number, 0 or more. */
export interface Denomination { value: DecimalIn; count: DecimalIn }
/** The drawer's count at close: its total, or so many of each note and coin. */
export type CashCount = { total: DecimalIn } | { denominations: Denomination[] };
/** Without `counted`: the open shift so far (X report); with it, the closed shift (Z report). */
export interface ShiftInput {
  openingFloat: DecimalIn; sales?: ShiftSale[]; refunds?: ShiftRefund[]; movements?: CashMovement[]; counted?: CashCount | null;
}
/** Cash, internal-device, digital: always all three, in that order. `net = sales - refunds`. */
export interface MethodTotals {
  paymentMethod: PaymentMethod; salesCount: number; refundsCount: number; sales: Decimal; refunds: Decimal; net: Decimal;
}
export interface CountedDenomination { value: Decimal; count: number; amount: Decimal }
/**
 * `expectedCash = openingFloat + cash sales + cashRounding - cash refunds + payIns - payOuts`; `difference =
 * countedCash - expectedCash` (negative: short). The count's fields are null until counted.
 */
export interface ShiftReport {
  salesCount: number; refundsCount: number; grossSales: Decimal; discounts: Decimal; redemptions: Decimal; tax: Decimal;
  netSales: Decimal; refunds: Decimal; cashRounding: Decimal; byMethod: MethodTotals[]; payIns: Decimal; payOuts: Decimal; openingFloat: Decimal;
  expectedCash: Decimal; countedCash: Decimal | null; difference: Decimal | null; denominations: CountedDenomination[] | null;
}

/** Store credit or a gift card as the till knows it: the last balance and its uses not yet sent. */
export interface Spendable { balance: DecimalIn; held?: DecimalIn[] }
/** The customer's store credit as the till knows it. */
export type StoreCredit = Spendable;
/**
 * Input of `tenderPlan`: the sale's total, the shop's cash step (0: none) and the tenders so far, in order;
 * `storeCredit` and `giftCard` (the sale's one gift card) bound what those tenders may pay.
 */
export interface TenderInput {
  totalAmount: DecimalIn; cashRounding?: DecimalIn; tenders?: Tender[]; storeCredit?: Spendable | null; giftCard?: Spendable | null;
}
/**
 * What the tenders paid (`tenders`, adding up to `paid`), what is `remaining`, the cash that settles it
 * (`cashDue`, rounded to the shop's step), the cash handed over, the `change`, the `rounding` cash
 * settling added (negative: took off) and whether the sale is paid (`complete`).
 */
export interface TenderPlan {
  totalAmount: Decimal; tenders: TenderPart[]; paid: Decimal; remaining: Decimal; cashDue: Decimal; cashReceived: Decimal;
  change: Decimal; rounding: Decimal; complete: boolean;
  /** What store credit the customer may still spend after these tenders (only with `storeCredit`). */
  storeCreditLeft?: Decimal;
  /** What may still be spent of the gift card after these tenders (only with `giftCard`). */
  giftCardLeft?: Decimal;
}
/** What the sale's tenders paid, what went back to each before, the refund and, optionally, where it goes. */
export interface RefundTendersInput { tenders: Tender[]; refunded?: Tender[]; amount: DecimalIn; to?: Tender[] }
/** The refund by method, and what each method can still give back after it. */
export interface RefundTenders { parts: TenderPart[]; refundable: TenderPart[] }
/** A store credit top-up: the money taken and how it was paid (cash or internal-device). */
export interface TopUpInput { amount: DecimalIn; method: PaymentMethod }
export interface TopUp { amount: Decimal; method: PaymentMethod }
/** A gift card's number as typed or scanned (input), or as stored: capitals and digits, no spaces or dashes (output). */
export interface GiftCardNumber { number: string }
/** A gift card sold or reloaded at the counter: its number, the money taken and how (cash or internal-device). */
export interface GiftCardLoadInput { number: string; amount: DecimalIn; method: PaymentMethod }
export interface GiftCardLoad { number: string; amount: Decimal; method: PaymentMethod }

/** What a stock ledger move records: its quantity is signed (+ puts stock on, - takes it off). */
export type MoveKind = "opening" | "sale" | "refund" | "receiving" | "adjustment" | "count" | "correction";
/** Why stock was adjusted by hand: damaged, expired and theft only take stock off; correction either way. */
export type AdjustmentReason = "damaged" | "expired" | "theft" | "correction";
/** A ledger row. A sale is below 0, a refund or receiving above 0, the others either way; never 0. */
export interface StockMove { kind: MoveKind; quantity: DecimalIn }
export interface StockBalanceInput { moves?: StockMove[] }
/** The product's stock: the sum of its moves (may be below 0), and how many moves there were. */
export interface StockBalance { quantity: Decimal; moves: number }
/** `change` is signed (below 0 takes stock off); `onHand` is the stock before, may be below 0. */
export interface StockAdjustmentInput { reason: AdjustmentReason; change: DecimalIn; unit: Unit; onHand: DecimalIn }
export interface StockAdjustment { reason: AdjustmentReason; change: Decimal; onHandAfter: Decimal }
export interface AverageCostInput { onHand: DecimalIn; unitCost: DecimalIn; received: DecimalIn; receivedUnitCost: DecimalIn }
/** The weighted average cost per unit (the delivery's cost when nothing was on hand), and the stock after. */
export interface AverageCost { onHandAfter: Decimal; unitCost: Decimal }
/** A delivery line: the product's stock and cost before (`onHand`, `unitCost`), what came and its cost per unit. */
export interface DeliveryLineInput {
  productId: string; unit: Unit; onHand: DecimalIn; unitCost: DecimalIn; quantity: DecimalIn; cost: DecimalIn;
}
export interface DeliveryInput { supplier: string; reference?: string | null; lines: DeliveryLineInput[] }
/** `lineCost = round(quantity x cost)`; the product's stock and cost per unit after the line. */
export interface ReceivedLine {
  productId: string; quantity: Decimal; cost: Decimal; lineCost: Decimal; onHandAfter: Decimal; unitCostAfter: Decimal;
}
/** `totalCost` is the sum of the lines' `lineCost`; `reference` null when none was given. */
export interface Delivery { supplier: string; reference: string | null; lines: ReceivedLine[]; totalCost: Decimal }
/** `expected` is the stock when the count started (may be below 0); `counted` 0 or more. */
export interface CountLineInput { productId: string; unit: Unit; expected: DecimalIn; counted: DecimalIn; unitCost: DecimalIn }
export interface CountInput { lines?: CountLineInput[] }
/** `difference = counted - expected` (the count move); `costValue = round(difference x unitCost)`. */
export interface CountedLine { productId: string; expected: Decimal; counted: Decimal; difference: Decimal; costValue: Decimal }
/** `shortCostValue` is 0 or below, `overCostValue` 0 or above, `netCostValue` their sum. */
export interface CountDifferences {
  lines: CountedLine[]; linesCounted: number; linesDifferent: number; shortCostValue: Decimal; overCostValue: Decimal;
  netCostValue: Decimal;
}
/** `sellingPrice` is what the product sells at (for one priced from cost, `productPrice`'s answer). */
export interface ValuedProduct { quantity: DecimalIn; costPrice: DecimalIn; sellingPrice: DecimalIn }
export interface StockValueInput { products?: ValuedProduct[] }
/** Only stock on hand is valued; products below 0 add nothing and are counted in `belowZero`. */
export interface StockValue { products: number; costValue: Decimal; retailValue: Decimal; belowZero: number }
export interface StockLevel { productId: string; quantity: DecimalIn; reorderLevel?: DecimalIn | null }
export interface LowStockInput { products?: StockLevel[] }
/** A product at or below its reorder level; `shortBy = reorderLevel - quantity`. */
export interface LowProduct { productId: string; quantity: Decimal; reorderLevel: Decimal; shortBy: Decimal }
/** The low products, shortest first (ties in the order given). */
export interface LowStock { products: LowProduct[] }
