/**
 * The till's local invoice arithmetic, all through the WASM core, as the server prices: a line
 * made from the local catalogue's values, the whole invoice re-priced after each change (with
 * `priceCartChange`, which sends only the changed lines across), the quantity rules and the
 * stock check with the server's messages.
 */
import type { PricedCart } from '@/lib/core';
import type { Product } from '@/features/catalog';
import type { LocalInvoice } from '@/features/offline';
import { pricedCart } from '../cart/cart-totals';
import type { Decimal, InvoiceLine, Unit } from '@/types/invoice';
import { decimalOf } from '@/types/invoice-wire';
import { compareDecimal, thousandths } from '@/lib/decimal-text';

/** The rules of POST /invoice/{id}/products, with its messages: above 0, 3 decimals, whole pieces. */
export function quantityError(text: string, unit: Unit): string | null {
  const value = thousandths(text);
  if (value === null) {
    return /^\s*-?\d+\.\d{4,}\s*$/.test(text) ? 'Quantity must have at most 3 decimals' : 'Quantity must be a number';
  }
  if (value <= 0n) return 'Quantity must be greater than 0';
  if (unit === 'no' && value % 1000n !== 0n) return 'Quantity must be a whole number for unit no';
  return null;
}

/** The server's refusal of a quantity over the stock ("Not enough stock for Flour: 2.5 kg left"). */
export const notEnoughStock = (product: Pick<Product, 'productName' | 'quantity' | 'unit'>) =>
  `Not enough stock for ${product.productName}: ${product.quantity} ${product.unit} left`;

/** Whether the product's stock covers `quantity` (custom products are sold as made). */
export const stockCovers = (product: Product, quantity: string | number) => compareDecimal(quantity, product.quantity) <= 0;

/**
 * A new line for `product` priced with its catalogue values as they are now: the sale keeps
 * them, whatever the catalogue does later. `categoryDiscountRate` is the category's rate. The
 * catalogue's numbers become their exact decimal text here; the line's amounts are core's.
 */
export function lineFromProduct(
  product: Product,
  categoryDiscountRate: number | Decimal,
  quantity: Decimal,
  customProduct = false,
): InvoiceLine {
  return {
    _id: `line-${product._id}`,
    productId: product._id,
    productName: product.productName,
    unit: product.unit,
    customProduct,
    quantity,
    sellingPrice: decimalOf(product.sellingPrice),
    costPrice: decimalOf(product.costPrice),
    costPriceProfit: decimalOf(product.costPriceProfit),
    discount: decimalOf(product.discount),
    discountType: product.discountType,
    categoryDiscountRate: decimalOf(categoryDiscountRate),
    productTax: decimalOf(product.productTax),
    loyaltyRate: decimalOf(product.loyaltyRate),
    price: '0',
    gross: '0',
    discountAmount: '0',
    tax: '0',
    total: '0',
    pointsEarned: '0',
    refundedQuantity: '0',
  };
}

const zeroTotals = { subTotal: '0', totalDiscount: '0', totalTax: '0', redeemAmount: '0', totalAmount: '0', pointsEarned: '0' };

/** The amount due before any redemption (0 for an empty cart). */
export function amountDue(lines: readonly InvoiceLine[]): string {
  if (lines.length === 0) return '0';
  return pricedCart(lines, '0', true).totalAmount;
}

/**
 * The invoice with every amount the core gives for its lines and redemption. A redemption
 * above the amount due is lowered to it (the lines went down), as the server's cart routes do;
 * an empty cart has no amounts and no redemption.
 */
export function priceInvoice(invoice: LocalInvoice): LocalInvoice {
  if (invoice.products.length === 0) return { ...invoice, ...zeroTotals };
  const earnsPoints = invoice.customer?.walkIn !== true;
  let cart: PricedCart;
  try {
    // Core accepts a redemption only within the amount due: accepted, it is the one to price.
    cart = pricedCart(invoice.products, invoice.redeemAmount, earnsPoints);
  } catch {
    // Refused: the redemption is above the amount due (the lines went down) and is lowered to
    // it; any other refusal is thrown again by the pricing below.
    const due = amountDue(invoice.products);
    const redeem = compareDecimal(invoice.redeemAmount, due) > 0 ? due : invoice.redeemAmount;
    cart = pricedCart(invoice.products, redeem, earnsPoints);
  }
  return withAmounts(invoice, cart);
}

function withAmounts(invoice: LocalInvoice, cart: PricedCart): LocalInvoice {
  return {
    ...invoice,
    products: invoice.products.map((line, index) => {
      const priced = cart.lines[index];
      if (!priced) throw new Error(`The core priced no line ${index} of ${invoice.ref}`);
      return {
        ...line,
        price: priced.price,
        gross: priced.gross,
        discountAmount: priced.discount,
        tax: priced.tax,
        total: priced.total,
        pointsEarned: priced.pointsEarned,
      };
    }),
    subTotal: cart.subTotal,
    totalDiscount: cart.totalDiscount,
    totalTax: cart.totalTax,
    redeemAmount: cart.redeemAmount,
    totalAmount: cart.totalAmount,
    pointsEarned: cart.pointsEarned,
  };
}
