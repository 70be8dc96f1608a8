import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '../../test/core';
import type { ProductFields } from './api/products-api';
import { categoryErrors, customProductErrors, fieldLabel, hasErrors, loyaltyRateError, productErrors } from './validation';

beforeAll(loadCore);

const rice: ProductFields = {
  productName: 'Rice 5kg',
  barcodeNumber: '8901234',
  category: 'cat-1',
  quantity: '10',
  unit: 'no',
  costPrice: '40',
  costPriceProfit: '25',
  sellingPrice: '55.50',
  discount: '5',
  discountType: 'percentage',
  productTax: '8',
  loyaltyRate: '1.5',
};

const problems = (errors: Record<string, string | null | undefined>) =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message));

describe('field names in messages (as the server words them)', () => {
  it('reads camel case as words', () => {
    expect(fieldLabel('sellingPrice')).toBe('Selling price');
    expect(fieldLabel('costPriceProfit')).toBe('Cost price profit');
    expect(fieldLabel('quantity')).toBe('Quantity');
  });
});

describe('a category', () => {
  it('needs a name; the description and rate are optional, the rate a percentage', () => {
    expect(hasErrors(categoryErrors({ categoryName: 'Drinks', description: '', discountRate: '' }))).toBe(false);
    expect(problems(categoryErrors({ categoryName: '  ', description: 'x'.repeat(501), discountRate: '100.5' }))).toEqual({
      categoryName: 'Category name is required',
      description: 'Description must be at most 500 characters',
      discountRate: 'Discount rate must be between 0 and 100',
    });
    expect(categoryErrors({ categoryName: 'x'.repeat(61), description: '', discountRate: '1,5' })).toMatchObject({
      categoryName: 'Category name must be at most 60 characters',
      discountRate: 'Discount rate must be a number',
    });
    expect(categoryErrors({ categoryName: 'Drinks', description: '', discountRate: '12.12345' }).discountRate).toBe(
      'Discount rate can have at most 4 decimal places',
    );
  });

  it('takes lines in its description but no control characters in either text', () => {
    expect(problems(categoryErrors({ categoryName: 'Drinks\tcold', description: 'Cold drinks\nand juice', discountRate: '' }))).toEqual({});
    expect(problems(categoryErrors({ categoryName: 'Dri\nnks', description: 'Cold\u0000', discountRate: '' }))).toEqual({
      categoryName: 'Category name cannot contain line breaks or control characters',
      description: 'Description cannot contain control characters',
    });
    expect(customProductErrors({ productName: 'Rice\u001b[2J', quantity: '1', unit: 'no', sellingPrice: '1' }).productName).toBe(
      'Product name cannot contain line breaks or control characters',
    );
  });
});

describe('a product', () => {
  it('passes with valid values, trailing zeros not counted as decimals', () => {
    expect(problems(productErrors(rice))).toEqual({});
    expect(problems(productErrors({ ...rice, sellingPrice: '55.500', quantity: '-0' }))).toEqual({});
  });

  it('lists every failing field with the server’s messages', () => {
    expect(
      problems(
        productErrors({
          ...rice,
          productName: '',
          barcodeNumber: '890 1234',
          category: '',
          quantity: '2.5',
          costPrice: '-1',
          costPriceProfit: '1000.01',
          sellingPrice: '1.005',
          discount: '101',
          productTax: 'ten',
          loyaltyRate: '-0.5',
        }),
      ),
    ).toEqual({
      productName: 'Product name is required',
      barcodeNumber: 'Barcode number must be 1 to 64 letters, digits or symbols without spaces',
      category: 'Choose a category',
      quantity: 'Quantity must be a whole number for unit no',
      costPrice: 'Cost price cannot be negative',
      costPriceProfit: 'Cost price profit must be between 0 and 1000',
      sellingPrice: 'Selling price can have at most 2 decimal places',
      discount: 'Discount must be between 0 and 100',
      productTax: 'Product tax must be a number',
      loyaltyRate: 'Loyalty rate must be between 0 and 100',
    });
  });

  it('weighs quantities to 3 decimals for kg, lt and m, up to a million', () => {
    expect(productErrors({ ...rice, unit: 'kg', quantity: '2.125' }).quantity).toBeNull();
    expect(productErrors({ ...rice, unit: 'kg', quantity: '2.1255' }).quantity).toBe('Quantity can have at most 3 decimal places');
    expect(productErrors({ ...rice, quantity: '1000001' }).quantity).toBe('Quantity must be at most 1000000');
    expect(productErrors({ ...rice, quantity: '-1' }).quantity).toBe('Quantity cannot be negative');
  });

  it('reads a flat discount as money, and needs a selling or cost price above 0', () => {
    expect(productErrors({ ...rice, discountType: 'flat', discount: '150.25' }).discount).toBeNull();
    expect(productErrors({ ...rice, discountType: 'flat', discount: '1.255' }).discount).toBe('Discount can have at most 2 decimal places');
    expect(productErrors({ ...rice, costPrice: '0', sellingPrice: '' }).sellingPrice).toBe(
      'Selling price or cost price must be greater than 0',
    );
    expect(productErrors({ ...rice, costPrice: '0.01', sellingPrice: '0' }).sellingPrice).toBeNull();
    expect(productErrors({ ...rice, sellingPrice: '1000000000.01' }).sellingPrice).toBe('Selling price must be at most 1000000000');
  });

  it('checks the unit and discount type with the core', () => {
    expect(productErrors({ ...rice, unit: 'box' as never }).unit).toBe('Unit must be one of no, kg, lt, m');
    expect(productErrors({ ...rice, discountType: 'bogus' as never }).discountType).toBe('Discount type must be percentage or flat');
  });

  it('checks only the fields a row edits', () => {
    expect(problems(productErrors({ unit: 'no', discountType: 'percentage', quantity: '3' }))).toEqual({});
  });
});

describe('a custom product', () => {
  it('needs a name, a quantity and a selling price above 0', () => {
    expect(problems(customProductErrors({ productName: 'Gift wrap', quantity: '1.5', unit: 'm', sellingPrice: '15' }))).toEqual({});
    expect(problems(customProductErrors({ productName: '', quantity: '', unit: 'no', sellingPrice: '' }))).toEqual({
      productName: 'Product name is required',
      quantity: 'Quantity is required',
      sellingPrice: 'Selling price is required',
    });
    expect(problems(customProductErrors({ productName: 'Bag', quantity: '0', unit: 'no', sellingPrice: '0' }))).toEqual({
      quantity: 'Quantity must be greater than 0',
      sellingPrice: 'Selling price must be greater than 0',
    });
  });
});

describe('the loyalty rate', () => {
  it('is required, a number from 0 to 100', () => {
    expect(loyaltyRateError('2.5')).toBeNull();
    expect(loyaltyRateError('0')).toBeNull();
    expect(loyaltyRateError(' ')).toBe('Loyalty rate is required');
    expect(loyaltyRateError('abc')).toBe('Loyalty rate must be a number');
    expect(loyaltyRateError('-1')).toBe('Loyalty rate must be between 0 and 100');
  });
});
