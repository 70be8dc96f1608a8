/**
 * Invoices for the till's tests, shaped as docs/api-sales.md's `InvoiceView`: lines are the
 * catalogue fixtures' products, and the amounts are priced by the real WASM core (as the server
 * prices them), so a test can also hand the screen amounts that disagree. Tests only.
 */
import { lineFromProduct } from '../local/invoice-pricing';
import { priceCart } from '@/lib/core';
import { cola, rice, water } from '@/features/catalog/testing';
import type { Product } from '@/features/catalog';
import type { Invoice, InvoiceLine } from '@/types/invoice';
import { cartLineOf } from '@/types/invoice-wire';

const at = Date.UTC(2025, 2, 5, 9, 15);

export const aisha = { _id: 'c-1', customerName: 'Aisha Ali', phoneNumber: '7771234', loyalityPoint: '12.5' };

/** A line as the till builds it (`lineFromProduct`); the fixtures' category cat-1 gives 5% off. */
export function lineOf(product: Product, quantity: number | string, customProduct = false): InvoiceLine {
  return lineFromProduct(product, product.category._id === 'cat-1' ? 5 : 0, String(quantity), customProduct);
}

/** The invoice with every amount the core gives for its lines and redemption. */
export function priced(invoice: Invoice): Invoice {
  // The core refuses an empty cart; the server answers zeros for it.
  if (invoice.products.length === 0) return invoice;
  const cart = priceCart({ lines: invoice.products.map(cartLineOf), redeemAmount: invoice.redeemAmount });
  return {
    ...invoice,
    products: invoice.products.map((line, index) => {
      const mine = cart.lines[index]!;
      return {
        ...line,
        price: mine.price,
        gross: mine.gross,
        discountAmount: mine.discount,
        tax: mine.tax,
        total: mine.total,
        pointsEarned: mine.pointsEarned,
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

export function cartOf(lines: InvoiceLine[], changes: Partial<Invoice> = {}): Invoice {
  return priced({
    _id: 'inv-1',
    invoiceNumber: 'INV-000001',
    status: 'active',
    createdAt: at,
    updatedAt: at,
    paidAt: null,
    staff: 'Aisha (staff)', staffId: 'user-1',
    customer: aisha,
    customerDetailsCustom: null,
    products: lines,
    subTotal: '0',
    totalDiscount: '0',
    totalTax: '0',
    redeemAmount: '0',
    totalAmount: '0',
    pointsEarned: '0',
    refundedAmount: '0',
    paymentMethod: null,
    cardStatus: null,
    ...changes,
  });
}

/** Functions, not constants: pricing needs the core, which loads in the tests' beforeAll. */
export const emptyCart = () => cartOf([]);
/** Two colas (a percentage discount, tax) and 1.5 kg of rice (a flat discount). */
export const cartWithLines = () => cartOf([lineOf(cola, 2), lineOf(rice, 1.5)]);
export { cola, rice, water };
