/**
 * Categories and products shaped as docs/api-catalogue.md says the server sends them. Tests only.
 */
import type { Category } from './api/categories-api';
import type { Product } from './api/products-api';

const at = 1_750_000_000_000;

export const drinks: Category = {
  _id: 'cat-1', categoryName: 'Drinks', description: 'Cold and hot', discountRate: 5, productCount: 2, createdAt: at, updatedAt: at,
};
export const grains: Category = {
  _id: 'cat-2', categoryName: 'Grains', description: 'Rice and flour', discountRate: 0, productCount: 1, createdAt: at, updatedAt: at,
};
export const snacks: Category = {
  _id: 'cat-3', categoryName: 'Snacks', description: '', discountRate: 12.5, productCount: 0, createdAt: at, updatedAt: at,
};
export const categories = [drinks, grains, snacks];

export const cola: Product = {
  _id: 'prod-1',
  product_id: 'P-000001',
  barcodeNumber: '8901234',
  productName: 'Cola 330ml',
  category: { _id: 'cat-1', categoryName: 'Drinks' },
  quantity: 24,
  unit: 'no',
  costPrice: 6,
  costPriceProfit: 25,
  sellingPrice: 9.5,
  pricedFromCost: false,
  discount: 10,
  discountType: 'percentage',
  productTax: 8,
  loyaltyRate: 1.5,
  price: 9.5,
  createdAt: at,
  updatedAt: at,
};
export const rice: Product = {
  ...cola,
  _id: 'prod-2',
  product_id: 'P-000002',
  barcodeNumber: '',
  productName: 'Rice 5kg',
  category: { _id: 'cat-2', categoryName: 'Grains' },
  quantity: 12.5,
  unit: 'kg',
  costPrice: 1234.5,
  costPriceProfit: 20,
  // No selling price of its own: the cost marked up, as every product answer shows it.
  sellingPrice: 1481.4,
  pricedFromCost: true,
  discount: 5,
  discountType: 'flat',
  productTax: 0,
  loyaltyRate: 0,
  price: 1481.4,
  // Low stock at or below 5 kg.
  reorderLevel: 5,
};
export const water: Product = {
  ...cola, _id: 'prod-3', product_id: 'P-000003', barcodeNumber: '4000001', productName: 'Water 1.5l', quantity: 60,
  costPrice: 3, sellingPrice: 5, discount: 0, price: 5,
};
export const products = [cola, rice, water];
