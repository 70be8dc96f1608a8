// @vitest-environment happy-dom
/** The low stock list (/admin|staff/stock/low) and who finds it in their menu. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { click, envelope, waitFor } from '@/test/render';
import { link, rows } from '@/test/screens';
import { colaNewest, menuLabels, openStockScreen, startStockServer, type Server } from './ledger-test-fixtures';
import type { LowStock } from './api/low-stock-api';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: Server;
let view: Awaited<ReturnType<typeof openStockScreen>> | undefined;

const lowStock: LowStock = {
  products: [
    { _id: '31', productName: 'Rice', categoryName: 'Grains', unit: 'kg', quantity: -0.5, reorderLevel: 10, shortBy: 10.5 },
    { _id: '12', productName: 'Cola', categoryName: 'Drinks', unit: 'no', quantity: 4, reorderLevel: 12, shortBy: 8 },
  ],
  count: 2,
};

beforeAll(loadCore);
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the low stock list', () => {
  it('lists each product at or below its reorder level, lowest first, and opens its stock history', async () => {
    server = startStockServer('admin', { permissions: ['product_read'], stockPermissions: ['stock_report'] });
    server.answers['GET /api/v1/stock/low'] = envelope(200, { data: lowStock });
    server.answers['GET /api/v1/stock/products/12/moves?limit=50'] = envelope(200, { data: colaNewest });
    view = await openStockScreen('/admin/stock/low');
    const { container } = view;
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Product', 'Category', 'On hand', 'Reorder level', 'Short by', 'Unit',
    ]);
    expect(rows(container)).toEqual([
      ['Rice', 'Grains', '-0.5', '10', '10.5', 'kg'],
      ['Cola', 'Drinks', '4', '12', '8', 'no'],
    ]);
    expect(container.textContent).toContain('2 products are at or below the reorder level.');
    expect(menuLabels(container, 'Admin menu')).toEqual(expect.arrayContaining(['Low Stock', 'Stock Reports']));
    await click(link(container, 'Stock history of Cola'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Stock history: Cola'));
    expect(view.pathname()).toBe('/admin/stock/products/12');
  });

  it('says when nothing is low', async () => {
    server = startStockServer('admin', { stockPermissions: ['stock_report'] });
    server.answers['GET /api/v1/stock/low'] = envelope(200, { data: { products: [], count: 0 } });
    view = await openStockScreen('/admin/stock/low');
    await waitFor(() => expect(view!.text()).toContain('No product is at or below its reorder level.'));
  });

  it('is in a staff member’s menu only with stock_report, and shows the server’s refusal otherwise', async () => {
    server = startStockServer('staff', { permissions: ['product_read'], stockPermissions: ['stock_count'] });
    server.answers['GET /api/v1/stock/low'] = envelope(403, { message: 'You do not have permission to read stock reports' });
    view = await openStockScreen('/staff/stock/low');
    const { container } = view;
    await waitFor(() => expect(view!.text()).toContain('You do not have permission to read stock reports'));
    expect(menuLabels(container, 'Staff menu')).not.toContain('Low Stock');
    expect(menuLabels(container, 'Staff menu')).not.toContain('Stock Reports');
    view.unmount();

    server = startStockServer('staff', { permissions: ['product_read'], stockPermissions: ['stock_report'] });
    server.answers['GET /api/v1/stock/low'] = envelope(200, { data: lowStock });
    view = await openStockScreen('/staff/stock/low');
    await waitFor(() => expect(rows(view!.container)).toHaveLength(2));
    expect(menuLabels(view.container, 'Staff menu')).toEqual(expect.arrayContaining(['Low Stock', 'Stock Reports']));
    expect(link(view.container, 'Stock history of Rice').getAttribute('href')).toBe('/staff/stock/products/31');
  });

  it('hides the stock entries from a signed-in person whose session names no stock grants', async () => {
    server = startStockServer('staff', { permissions: ['product_read'] });
    server.answers['GET /api/v1/product'] = envelope(200, { data: [] });
    view = await openStockScreen('/staff/product/view');
    await waitFor(() => expect(menuLabels(view!.container, 'Staff menu')).toContain('Products'));
    expect(menuLabels(view.container, 'Staff menu')).not.toContain('Low Stock');
  });
});
