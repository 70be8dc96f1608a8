/**
 * The new row's Price and Total Price before it is added, from the back office's core
 * (`priceCustomInvoice`, the till's line pricing: unit price, product and category discounts,
 * tax), fed the values the server prices a new line with, so the row shows what the server
 * will store. Null parts: not known yet.
 */
import { CoreError } from '@/lib/core';
import { priceCustomInvoice } from '@/lib/core-back-office';
import type { PricedChoice } from '../api/custom-invoices';

export interface LinePreview {
  price: string | null;
  total: string | null;
}

const none: LinePreview = { price: null, total: null };

function priced(product: PricedChoice, quantity: string) {
  const line = {
    productId: product._id,
    productName: product.productName,
    quantity,
    unit: product.unit,
    sellingPrice: product.sellingPrice,
    costPrice: product.costPrice,
    costPriceProfit: product.costPriceProfit,
    discount: product.discount,
    discountType: product.discountType,
    categoryDiscountRate: product.categoryDiscountRate,
    productTax: product.productTax,
  };
  return priceCustomInvoice({ lines: [line] }).lines[0] ?? null;
}

export function previewLine(product: PricedChoice | null, quantity: string, coreReady: boolean): LinePreview {
  if (!product || !coreReady) return none;
  try {
    // The unit price does not depend on the quantity: priced for one until one is typed.
    const price = priced(product, '1')?.price ?? null;
    const typed = quantity.trim();
    if (!typed) return { price, total: null };
    try {
      return { price, total: priced(product, typed)?.total ?? null };
    } catch (error) {
      if (error instanceof CoreError) return { price, total: null };
      throw error;
    }
  } catch (error) {
    if (error instanceof CoreError) return none;
    throw error;
  }
}
