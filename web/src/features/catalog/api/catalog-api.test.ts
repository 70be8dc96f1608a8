import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories-api';
import {
  createCustomProduct, createProduct, deleteProduct, listProducts, setLoyaltyRate, updateProduct, type ProductFields,
} from './products-api';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', data }), { status: 200 });

function sent() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, method: init?.method, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

async function fallbackOf(call: () => Promise<unknown>): Promise<string> {
  fetchMock.mockResolvedValue(new Response('', { status: 500 }));
  const error = await call().catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error.message;
}

const drinks = { categoryName: 'Drinks', description: 'Cold and hot', discountRate: '12.5' };
const rice: ProductFields = {
  productName: 'Rice 5kg',
  barcodeNumber: '8901234',
  category: 'cat-1',
  quantity: '10',
  unit: 'no',
  costPrice: '40.00',
  costPriceProfit: '25',
  sellingPrice: '55.50',
  discount: '0',
  discountType: 'percentage',
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => ok(null));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('category calls', () => {
  it('lists, adds, changes and deletes categories, the rate sent as typed', async () => {
    fetchMock.mockResolvedValueOnce(ok([{ _id: 'cat-1' }]));
    await expect(listCategories()).resolves.toEqual([{ _id: 'cat-1' }]);
    expect(sent()).toEqual({ url: '/api/v1/categories', method: 'GET', body: undefined });

    await createCategory(drinks);
    expect(sent()).toEqual({ url: '/api/v1/categories', method: 'POST', body: drinks });

    await updateCategory('cat/1', drinks);
    expect(sent()).toEqual({ url: '/api/v1/categories/cat%2F1', method: 'PUT', body: drinks });

    await deleteCategory('cat-1');
    expect(sent()).toEqual({ url: '/api/v1/categories/cat-1', method: 'DELETE', body: undefined });
  });

  it('names the default messages', async () => {
    expect(await fallbackOf(() => createCategory(drinks))).toBe('Failed to add category.');
    expect(await fallbackOf(() => updateCategory('cat-1', drinks))).toBe('Failed to update category.');
    expect(await fallbackOf(() => deleteCategory('cat-1'))).toBe('Failed to delete category.');
    expect(await fallbackOf(() => listCategories())).toBe('Failed to fetch categories!');
  });

  it('prefers the server’s own message, e.g. a category still in use', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'Category "Drinks" still has 3 products; move or delete them first' }), {
        status: 409,
      }),
    );
    await expect(deleteCategory('cat-1')).rejects.toThrow('Category "Drinks" still has 3 products; move or delete them first');
  });
});

describe('product calls', () => {
  it('lists, adds, changes and deletes products at SPEC’s paths', async () => {
    fetchMock.mockResolvedValueOnce(ok([]));
    await listProducts();
    expect(sent()).toEqual({ url: '/api/v1/product', method: 'GET', body: undefined });

    await createProduct({ ...rice, productTax: '8', loyaltyRate: '1.5' });
    expect(sent()).toEqual({ url: '/api/v1/product/create', method: 'POST', body: { ...rice, productTax: '8', loyaltyRate: '1.5' } });

    await updateProduct('prod-7', { productName: 'Rice 10kg', quantity: '4' });
    expect(sent()).toEqual({ url: '/api/v1/product/update/prod-7', method: 'PUT', body: { productName: 'Rice 10kg', quantity: '4' } });

    await deleteProduct('prod-7');
    expect(sent()).toEqual({ url: '/api/v1/product/delete/prod-7', method: 'DELETE', body: undefined });
  });

  it('adds a custom product and sets the loyalty rate on every product', async () => {
    const custom = { productName: 'Gift wrap', quantity: '1', unit: 'm' as const, sellingPrice: '15' };
    await createCustomProduct(custom);
    expect(sent()).toEqual({ url: '/api/v1/custom-product/create', method: 'POST', body: custom });

    fetchMock.mockResolvedValueOnce(ok({ loyaltyRate: 2.5, updated: 42 }));
    await expect(setLoyaltyRate('2.5')).resolves.toEqual({ loyaltyRate: 2.5, updated: 42 });
    expect(sent()).toEqual({ url: '/api/v1/loyalty/products', method: 'PUT', body: { loyaltyRate: '2.5' } });
  });

  it('names the default messages', async () => {
    expect(await fallbackOf(() => createProduct(rice))).toBe('Failed to add product.');
    expect(await fallbackOf(() => updateProduct('p', {}))).toBe('Failed to update product.');
    expect(await fallbackOf(() => deleteProduct('p'))).toBe('Failed to delete product.');
    expect(await fallbackOf(() => listProducts())).toBe('Failed to fetch products!');
    expect(await fallbackOf(() => createCustomProduct({ productName: '', quantity: '', unit: 'no', sellingPrice: '' }))).toBe(
      'Failed to add custom product!',
    );
    expect(await fallbackOf(() => setLoyaltyRate('1'))).toBe('Failed to set loyalty points!');
  });
});
