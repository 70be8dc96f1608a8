/**
 * An invoice as the server sends it, turned into the app's `Invoice`: every amount and quantity
 * arrives as a JSON number with at most 3 decimals, and becomes its exact decimal text here, once,
 * as the answer arrives. `String` of such a number is its shortest round-trip text, which is the
 * text the server wrote (12.5 -> "12.5", 1234.56 -> "1234.56"): no float arithmetic touches it.
 */
import type { CartLine } from '@/lib/core';
import type { Decimal, Invoice, InvoiceCustomer, InvoiceLine, InvoiceTender } from './invoice';

const lineDecimals = [
  'quantity', 'sellingPrice', 'costPrice', 'costPriceProfit', 'discount', 'categoryDiscountRate', 'productTax',
  'loyaltyRate', 'price', 'gross', 'discountAmount', 'tax', 'total', 'pointsEarned', 'refundedQuantity',
] as const satisfies readonly (keyof InvoiceLine)[];

const invoiceDecimals = [
  'subTotal', 'totalDiscount', 'totalTax', 'redeemAmount', 'totalAmount', 'pointsEarned', 'refundedAmount',
] as const satisfies readonly (keyof Invoice)[];

type LineDecimal = (typeof lineDecimals)[number];
type InvoiceDecimal = (typeof invoiceDecimals)[number];
/** The payment's figures, absent from older answers and rows: converted only when present. */
type PaymentDecimal = 'cashReceived' | 'change' | 'rounding';

/** A line as the server's JSON has it: amounts and quantities as numbers. */
export type WireLine = Omit<InvoiceLine, LineDecimal> & Record<LineDecimal, number>;

/** An invoice as the server's JSON has it: amounts as numbers. */
export type WireInvoice = Omit<Invoice, InvoiceDecimal | PaymentDecimal | 'products' | 'customer' | 'tenders'> &
  Record<InvoiceDecimal, number> & {
    products: WireLine[];
    customer: (Omit<InvoiceCustomer, 'loyalityPoint'> & { loyalityPoint?: number }) | null;
    tenders?: WireTender[];
    cashReceived?: number | null;
    change?: number;
    rounding?: number;
  };

/** A tender as the server's JSON has it. */
export type WireTender = Omit<InvoiceTender, 'amount' | 'refunded'> & { amount: number; refunded?: number };

/** A wire amount (a number, or text already) as decimal text; absent or null reads as "0". */
export function decimalOf(value: unknown): Decimal {
  if (typeof value === 'string') return value.trim() === '' ? '0' : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return Object.is(value, -0) ? '0' : String(value);
  return '0';
}

function withDecimals<Row extends object>(row: Row, fields: readonly string[]): Row {
  const copy = { ...row } as Record<string, unknown>;
  for (const field of fields) copy[field] = decimalOf(copy[field]);
  return copy as Row;
}

function customerFromWire(customer: WireInvoice['customer'] | InvoiceCustomer | null): InvoiceCustomer | null {
  if (!customer) return null;
  const { loyalityPoint, ...rest } = customer;
  return loyalityPoint === undefined ? rest : { ...rest, loyalityPoint: decimalOf(loyalityPoint) };
}

/**
 * The invoice with its amounts as decimal text. An invoice whose amounts are text already (a
 * till's row, or one stored before version 7 of the local database) reads the same way.
 */
export function invoiceFromWire<Row extends Invoice>(invoice: Row | WireInvoice): Row {
  const paymentFields = (['change', 'rounding'] as const).filter((field) => invoice[field] !== undefined && invoice[field] !== null);
  const row = {
    ...withDecimals(invoice, [...invoiceDecimals, ...paymentFields]),
    customer: customerFromWire(invoice.customer ?? null),
    products: (invoice.products ?? []).map((line: WireLine | InvoiceLine) => withDecimals(line, lineDecimals)),
  } as Row;
  if (invoice.tenders) row.tenders = invoice.tenders.map((tender: WireTender | InvoiceTender) => withDecimals(tender, ['amount', 'refunded']) as InvoiceTender);
  if (invoice.cashReceived !== undefined) row.cashReceived = invoice.cashReceived === null ? null : decimalOf(invoice.cashReceived);
  return row;
}

/**
 * The values core prices a line with, as they go to the server (`PUT /till/invoices/{ref}`'s
 * lines) and into core (`CartLineInput`): the line without its amounts.
 */
export function cartLineOf(line: InvoiceLine): CartLine {
  return {
    productId: line.productId,
    productName: line.productName,
    quantity: line.quantity,
    unit: line.unit,
    customProduct: line.customProduct,
    sellingPrice: line.sellingPrice,
    costPrice: line.costPrice,
    costPriceProfit: line.costPriceProfit,
    discount: line.discount,
    discountType: line.discountType,
    categoryDiscountRate: line.categoryDiscountRate,
    productTax: line.productTax,
    loyaltyRate: line.loyaltyRate,
  };
}
