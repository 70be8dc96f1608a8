/**
 * The shop's products (docs/api-catalogue.md): list, add, change and
 * delete, custom products for the till, and the shop-wide loyalty rate. Numbers go out as the
 * text typed (the server reads numbers or numeric strings) and come back as JSON numbers with
 * the server's exact digits.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { DiscountType, Unit } from '@/lib/core';

export type { DiscountType, Unit };

export interface Product {
  _id: string;
  /** The shop's own product number, e.g. "P-000042". */
  product_id: string;
  /** "" when the product has none. */
  barcodeNumber: string;
  productName: string;
  category: { _id: string; categoryName: string };
  quantity: number;
  unit: Unit;
  costPrice: number;
  /** The markup on the cost price, in percent. */
  costPriceProfit: number;
  /** What the till charges per unit: the product's own selling price, or (`pricedFromCost`)
   * its cost price marked up. */
  sellingPrice: number;
  /** No selling price of its own: `sellingPrice` is the cost price marked up by `costPriceProfit`. */
  pricedFromCost: boolean;
  /** A percentage, or an amount per unit, as `discountType` says. */
  discount: number;
  discountType: DiscountType;
  productTax: number;
  loyaltyRate: number;
  /** What the till charges per unit: the selling price, or the cost price marked up. */
  price: number;
  /** Stock at or below this is low (in the product's unit); null or absent: no reorder level. */
  reorderLevel?: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The numbers as typed; tax and loyalty only in an admin session (the server refuses staff). */
export interface ProductFields {
  productName: string;
  barcodeNumber: string;
  /** The category's _id. */
  category: string;
  quantity: string;
  unit: Unit;
  costPrice: string;
  costPriceProfit: string;
  sellingPrice: string;
  discount: string;
  discountType: DiscountType;
  productTax?: string;
  loyaltyRate?: string;
  /**
   * In the product's unit; null clears it, absent keeps it (docs/api-stock.md, "Low stock"). Its
   * rule is core's `reorder_level`, which the server applies: a refusal comes back as its 400.
   */
  reorderLevel?: string | null;
}

/** An update sends only what the row edits; what it leaves out keeps its value. */
export type ProductChanges = Partial<ProductFields>;

export interface CustomProductFields {
  productName: string;
  quantity: string;
  unit: Unit;
  sellingPrice: string;
}

export interface CustomProduct {
  _id: string;
  product_id: string;
  productName: string;
  quantity: number;
  unit: Unit;
  sellingPrice: number;
  customProduct: true;
}

export interface LoyaltyRateSet {
  loyaltyRate: number;
  /** How many of the shop's products now carry the rate. */
  updated: number;
}

const productPath = (action: 'update' | 'delete', id: string) => `/product/${action}/${encodeURIComponent(id)}`;

/** Sorted by name by the server; custom products are not listed. */
export const listProducts = (signal?: AbortSignal) =>
  api.getAll<Product>('/product', { fallbackMessage: messages.productsLoadFailed, signal });

export const createProduct = (fields: ProductFields) =>
  api.post<Product>('/product/create', fields, { fallbackMessage: messages.productAddFailed });

export const updateProduct = (id: string, changes: ProductChanges) =>
  api.put<Product>(productPath('update', id), changes, { fallbackMessage: messages.productUpdateFailed });

export const deleteProduct = (id: string) =>
  api.delete<null>(productPath('delete', id), { fallbackMessage: messages.productDeleteFailed });

export const createCustomProduct = (fields: CustomProductFields) =>
  api.post<CustomProduct>('/custom-product/create', fields, { fallbackMessage: messages.customProductAddFailed });

/** Admin only: sets the rate on every product of the shop. */
export const setLoyaltyRate = (loyaltyRate: string) =>
  api.put<LoyaltyRateSet>('/loyalty/products', { loyaltyRate }, { fallbackMessage: messages.loyaltySetFailed });
