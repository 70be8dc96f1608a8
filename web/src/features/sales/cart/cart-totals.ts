/**
 * The amounts the cart shows, priced by the WASM core from the invoice's lines (SPEC: what the
 * cashier sees is what the server charges). The server's invoice is the truth: when the core's
 * figures differ from it (a core older than the server's, a line changed meanwhile), or the
 * core cannot price (not loaded, refused input), the server's figures are shown and the
 * difference is logged for whoever looks after the till.
 */
import { isCoreReady, priceCartChange, type CartLineInput, type Decimal, type PricedCart } from '@/lib/core';
import type { Invoice, InvoiceLine } from '@/types/invoice';
import { cartLineOf } from '@/types/invoice-wire';

export interface LineAmounts {
  price: Decimal;
  total: Decimal;
}

export interface CartAmounts {
  subTotal: Decimal;
  totalDiscount: Decimal;
  totalTax: Decimal;
  redeemAmount: Decimal;
  totalAmount: Decimal;
  pointsEarned: Decimal;
  /** By line productId. */
  lines: Record<string, LineAmounts>;
  /** Where the figures came from: the till's core (agreeing with the server) or the server. */
  source: 'core' | 'server';
}

/** The last cart priced, by the values core reads, and its priced cart. */
let lastPriced: { lines: CartLineInput[]; redeemAmount: unknown; earnsPoints: boolean; priced: PricedCart } | null = null;

function sameInputs(left: readonly CartLineInput[], right: readonly CartLineInput[]): boolean {
  if (left.length !== right.length) return false;
  return left.every((line, index) => {
    const other = right[index];
    return (Object.keys(line) as (keyof CartLineInput)[]).every((field) => line[field] === other[field]);
  });
}

/**
 * The core's pricing of a cart, once per change. One tap asks for the same cart several times:
 * the preview shown at once, the invoice written to the local tables, the cart panel's check of
 * the preview and then of the stored invoice. The first prices it (`priceCartChange`); the
 * others, asking with the same values, get the same priced cart, which nobody may change (it is
 * frozen). Core's answer depends on nothing but these values.
 */
export function pricedCart(lines: readonly InvoiceLine[], redeemAmount: Decimal, earnsPoints: boolean): PricedCart {
  const inputs: CartLineInput[] = lines.map(cartLineOf);
  const last = lastPriced;
  if (last && last.redeemAmount === redeemAmount && last.earnsPoints === earnsPoints && sameInputs(inputs, last.lines)) {
    return last.priced;
  }
  const priced = priceCartChange({ lines: inputs, redeemAmount, earnsPoints });
  Object.freeze(priced.lines);
  lastPriced = { lines: inputs, redeemAmount, earnsPoints, priced: Object.freeze(priced) };
  return priced;
}

/** "12.50", "12.5" and 12.5 are the same amount. */
export function sameAmount(left: string | number, right: string | number): boolean {
  return canonical(left) === canonical(right);
}

function canonical(value: string | number): string {
  let text = String(value).trim();
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  if (/^-?0*$/.test(text.replace('-', ''))) return '0';
  return text.replace(/^(-?)0+(?=\d)/, '$1');
}

function serverAmounts(invoice: Invoice): CartAmounts {
  return {
    subTotal: invoice.subTotal,
    totalDiscount: invoice.totalDiscount,
    totalTax: invoice.totalTax,
    redeemAmount: invoice.redeemAmount,
    totalAmount: invoice.totalAmount,
    pointsEarned: invoice.pointsEarned,
    lines: Object.fromEntries(invoice.products.map((line) => [line.productId, { price: line.price, total: line.total }])),
    source: 'server',
  };
}

const totals = ['subTotal', 'totalDiscount', 'totalTax', 'redeemAmount', 'totalAmount'] as const;

export function cartAmounts(invoice: Invoice): CartAmounts {
  // The core refuses to price an empty cart ("Cart Empty"); the server's zeros say it all.
  if (!isCoreReady() || invoice.products.length === 0) return serverAmounts(invoice);
  let priced;
  try {
    // Priced as the till priced it (a walk-in's lines earn no points), so the tap that changed
    // it is priced once.
    priced = pricedCart(invoice.products, invoice.redeemAmount, invoice.customer?.walkIn !== true);
  } catch (error) {
    console.error(`The till could not price invoice ${invoice.invoiceNumber}; showing the server's amounts.`, error);
    return serverAmounts(invoice);
  }
  const differences: string[] = totals.filter((name) => !sameAmount(priced[name], invoice[name]));
  invoice.products.forEach((line, index) => {
    const mine = priced.lines[index];
    if (!mine || !sameAmount(mine.price, line.price) || !sameAmount(mine.total, line.total)) {
      differences.push(`line ${line.productName}`);
    }
  });
  if (differences.length > 0) {
    console.warn(`Invoice ${invoice.invoiceNumber}: the till's prices differ from the server's (${differences.join(', ')}); showing the server's.`);
    return serverAmounts(invoice);
  }
  return {
    subTotal: priced.subTotal,
    totalDiscount: priced.totalDiscount,
    totalTax: priced.totalTax,
    redeemAmount: priced.redeemAmount,
    totalAmount: priced.totalAmount,
    pointsEarned: priced.pointsEarned,
    lines: Object.fromEntries(priced.lines.map((line) => [line.productId, { price: line.price, total: line.total }])),
    source: 'core',
  };
}
