import { describe, expect, it } from 'vitest';
import { cartLineOf, decimalOf, invoiceFromWire, type WireInvoice } from './invoice-wire';

const wire: WireInvoice = {
  _id: '7', invoiceNumber: 'INV-000007', status: 'paid', createdAt: 1, updatedAt: 2, paidAt: 2, staff: 'Ben (staff)', staffId: 'u-2',
  customer: { _id: 'c-1', customerName: 'Aisha', phoneNumber: '7771234', loyalityPoint: 0.3 },
  customerDetailsCustom: null,
  products: [{
    _id: '70', productId: 'p-1', productName: 'Rice', unit: 'kg', customProduct: false, quantity: 0.125, sellingPrice: 0.1,
    costPrice: 0.2, costPriceProfit: 0, discount: 1.005, discountType: 'percentage', categoryDiscountRate: 12.5, productTax: 0,
    loyaltyRate: 0, price: 0.1, gross: 0.01, discountAmount: 0, tax: 0, total: 0.01, pointsEarned: 0, refundedQuantity: 0.005,
  }],
  subTotal: 1234567.89, totalDiscount: 0.3, totalTax: 0, redeemAmount: 0, totalAmount: 999999999999.99, pointsEarned: 0,
  refundedAmount: 0.07, paymentMethod: 'cash', cardStatus: null,
};

describe('an invoice from the wire', () => {
  it('keeps every amount and quantity as the exact text the server wrote, never a float sum of it', () => {
    const invoice = invoiceFromWire(wire);
    expect(invoice).toMatchObject({ subTotal: '1234567.89', totalDiscount: '0.3', totalAmount: '999999999999.99', refundedAmount: '0.07' });
    expect(invoice.customer?.loyalityPoint).toBe('0.3');
    expect(invoice.products[0]).toMatchObject({ quantity: '0.125', sellingPrice: '0.1', costPrice: '0.2', discount: '1.005', refundedQuantity: '0.005' });
    expect(invoice).toMatchObject({ _id: '7', staff: 'Ben (staff)', createdAt: 1, paymentMethod: 'cash' });
  });

  it('reads an invoice already in text the same way, and a missing amount as zero', () => {
    const once = invoiceFromWire(wire);
    expect(invoiceFromWire(once)).toEqual(once);
    expect(decimalOf(undefined)).toBe('0');
    expect(decimalOf(null)).toBe('0');
    expect(decimalOf(-0)).toBe('0');
    expect(decimalOf(' 12.50 ')).toBe('12.50');
  });

  it('sends a line as the values core prices it with, and nothing else', () => {
    const line = invoiceFromWire(wire).products[0]!;
    expect(cartLineOf(line)).toEqual({
      productId: 'p-1', productName: 'Rice', quantity: '0.125', unit: 'kg', customProduct: false, sellingPrice: '0.1', costPrice: '0.2',
      costPriceProfit: '0', discount: '1.005', discountType: 'percentage', categoryDiscountRate: '12.5', productTax: '0', loyaltyRate: '0',
    });
  });
});
