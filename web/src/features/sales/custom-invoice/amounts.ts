/**
 * The amounts the custom invoice screen shows, priced by the back office's core
 * (`priceCustomInvoice`, the till's pricing) from the invoice's lines, the function the server
 * priced them with. The server's invoice is the truth: when the core is not loaded, refuses
 * the lines, or comes to other figures (a line stored before custom invoices were taxed, a
 * core older than the server's), the server's figures are shown and the difference logged.
 */
import { priceCustomInvoice } from '@/lib/core-back-office';
import type { Decimal } from '@/lib/core';
import { sameAmount } from '../cart/cart-totals';
import { cartLineOf } from '@/types/invoice-wire';
import type { Invoice } from '@/types/invoice';

export interface LineFigures {
  price: Decimal;
  discountAmount: Decimal;
  tax: Decimal;
  total: Decimal;
}

export interface CustomInvoiceFigures {
  subTotal: Decimal;
  totalDiscount: Decimal;
  totalTax: Decimal;
  totalAmount: Decimal;
  /** In the invoice's line order. */
  lines: LineFigures[];
  source: 'core' | 'server';
}

const totals = ['subTotal', 'totalDiscount', 'totalTax', 'totalAmount'] as const;

function serverFigures(invoice: Invoice): CustomInvoiceFigures {
  return {
    subTotal: invoice.subTotal,
    totalDiscount: invoice.totalDiscount,
    totalTax: invoice.totalTax,
    totalAmount: invoice.totalAmount,
    lines: invoice.products.map(({ price, discountAmount, tax, total }) => ({ price, discountAmount, tax, total })),
    source: 'server',
  };
}

export function customInvoiceFigures(invoice: Invoice, coreReady: boolean): CustomInvoiceFigures {
  if (!coreReady) return serverFigures(invoice);
  let priced;
  try {
    priced = priceCustomInvoice({ lines: invoice.products.map(cartLineOf) });
  } catch (error) {
    console.error(`The screen could not price custom invoice ${invoice.invoiceNumber}; showing the server's amounts.`, error);
    return serverFigures(invoice);
  }
  const differences: string[] = totals.filter((name) => !sameAmount(priced[name], invoice[name]));
  invoice.products.forEach((line, index) => {
    const mine = priced.lines[index];
    const same =
      mine &&
      sameAmount(mine.price, line.price) &&
      sameAmount(mine.discount, line.discountAmount) &&
      sameAmount(mine.tax, line.tax) &&
      sameAmount(mine.total, line.total);
    if (!same) differences.push(`line ${line.productName}`);
  });
  if (differences.length > 0) {
    console.warn(
      `Custom invoice ${invoice.invoiceNumber}: the screen's prices differ from the server's (${differences.join(', ')}); showing the server's.`,
    );
    return serverFigures(invoice);
  }
  return {
    subTotal: priced.subTotal,
    totalDiscount: priced.totalDiscount,
    totalTax: priced.totalTax,
    totalAmount: priced.totalAmount,
    lines: priced.lines.map(({ price, discount, tax, total }) => ({ price, discountAmount: discount, tax, total })),
    source: 'core',
  };
}
