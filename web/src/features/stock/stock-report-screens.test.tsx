// @vitest-environment happy-dom
/** The stock reports (/admin|staff/stock/reports): the stock's value and its movements, with their CSVs. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { button, click, envelope, waitFor } from '@/test/render';
import { link, rows } from '@/test/screens';
import { categories, products } from '@/features/catalog/testing';
import { colaNewest, colaOldest, openStockScreen, sentTo, setValue, startStockServer, type Server } from './ledger-test-fixtures';
import type { StockMovesPage, StockValue } from './api/reports-api';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: Server;
let view: Awaited<ReturnType<typeof openStockScreen>> | undefined;

const allValue: StockValue = {
  products: 3, costValue: 1234.5, retailValue: 2000, belowZero: 1,
  categories: [
    { categoryId: 'cat-1', categoryName: 'Drinks', products: 2, costValue: 234.5, retailValue: 500 },
    { categoryId: 'cat-2', categoryName: 'Grains', products: 1, costValue: 1000, retailValue: 1500 },
  ],
};
const grainsValue: StockValue = { products: 1, costValue: 1000, retailValue: 1500, belowZero: 0, categories: [allValue.categories[1]!] };

/** The movements as the server answers them: ledger rows with their product, and no balance (one product's running sum). */
const movesOf = (page: typeof colaNewest): StockMovesPage => ({
  rows: page.rows.map((row) => {
    const moved: Partial<typeof row> = { ...row };
    delete moved.balance;
    return { ...(moved as Omit<typeof row, 'balance'>), productId: '12', productName: 'Cola', unit: 'no' as const };
  }),
  more: page.more,
});

const csvLink = (container: HTMLElement, section: string) =>
  container.querySelector<HTMLAnchorElement>(`section[aria-labelledby="${section}"] a[download]`)!;
const tileTexts = (container: HTMLElement) =>
  Object.fromEntries([...container.querySelectorAll('.stock-report__tiles dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
const movesTable = (container: HTMLElement) => container.querySelector<HTMLElement>('section[aria-labelledby="stock-moves-title"]')!;

beforeAll(loadCore);
beforeEach(() => {
  server = startStockServer('admin', { permissions: ['product_read', 'category_read'], stockPermissions: ['stock_report'] });
  server.answers['GET /api/v1/categories'] = envelope(200, { data: categories });
  server.answers['GET /api/v1/product'] = envelope(200, { data: products });
  server.answers['GET /api/v1/stock/value'] = envelope(200, { data: allValue });
  server.answers['GET /api/v1/stock/value?categoryId=cat-2'] = envelope(200, { data: grainsValue });
  server.answers['GET /api/v1/stock/moves?limit=50'] = envelope(200, { data: movesOf(colaNewest) });
  server.answers['GET /api/v1/stock/moves?before=36&limit=50'] = envelope(200, { data: movesOf(colaOldest) });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the stock value', () => {
  it('totals the stock at cost and at retail, per category, with the products below 0 counted apart', async () => {
    view = await openStockScreen('/admin/stock/reports');
    const { container } = view;
    await waitFor(() => expect(tileTexts(container)).toEqual({ Products: '3', 'At cost': 'MVR 1,234.50', 'At retail': 'MVR 2,000.00', 'Below 0': '1' }));
    const valueRows = rows(container.querySelector<HTMLElement>('section[aria-labelledby="stock-value-title"]')!);
    expect(valueRows).toEqual([
      ['Drinks', '2', '234.50', '500.00'],
      ['Grains', '1', '1,000.00', '1,500.00'],
    ]);
    expect(csvLink(container, 'stock-value-title').getAttribute('href')).toBe('/api/v1/stock/value.csv');
  });

  it('narrows to one category, and its CSV to the same category', async () => {
    view = await openStockScreen('/admin/stock/reports');
    const { container } = view;
    await waitFor(() => expect(container.querySelectorAll('#stock-value-category option')).toHaveLength(4));
    await setValue(container.querySelector<HTMLSelectElement>('#stock-value-category')!, 'cat-2');
    await waitFor(() => expect(sentTo(server, 'GET /api/v1/stock/value?categoryId=cat-2')).toHaveLength(1));
    await waitFor(() => expect(tileTexts(container)['At cost']).toBe('MVR 1,000.00'));
    expect(csvLink(container, 'stock-value-title').getAttribute('href')).toBe('/api/v1/stock/value.csv?categoryId=cat-2');
  });
});

describe('the stock movements', () => {
  it('lists every product’s moves newest first, each product leading to its history, and loads more before the last', async () => {
    view = await openStockScreen('/admin/stock/reports');
    const { container } = view;
    await waitFor(() => expect(rows(movesTable(container))).toHaveLength(5));
    expect(rows(movesTable(container))[1]).toEqual(['Nov 26, 2026 1:00 PM', 'Cola', 'Sale', '-2', 'INV-000007', 'Ben']);
    expect([...movesTable(container).querySelectorAll('th')].map((th) => th.textContent)).not.toContain('Balance after');
    expect(link(movesTable(container), 'Cola').getAttribute('href')).toBe('/admin/stock/products/12');
    await click(button(movesTable(container), 'Load more'));
    await waitFor(() => expect(rows(movesTable(container))).toHaveLength(7));
    expect(sentTo(server, 'GET /api/v1/stock/moves?before=36&limit=50')).toHaveLength(1);
  });

  it('narrows by days, kind and product, in the query and in the CSV, and clears them', async () => {
    const narrowed = 'GET /api/v1/stock/moves?from=2026-11-01&to=2026-11-26&productId=prod-1&kind=sale&limit=50';
    server.answers[narrowed] = envelope(200, { data: { rows: movesOf(colaNewest).rows.slice(1, 2), more: false } });
    view = await openStockScreen('/admin/stock/reports');
    const { container } = view;
    await waitFor(() => expect(container.querySelectorAll('#stock-moves-product option')).toHaveLength(4));
    await setValue(container.querySelector<HTMLInputElement>('#stock-moves-from')!, '2026-11-01');
    await setValue(container.querySelector<HTMLInputElement>('#stock-moves-to')!, '2026-11-26');
    await setValue(container.querySelector<HTMLSelectElement>('#stock-moves-kind')!, 'sale');
    await setValue(container.querySelector<HTMLSelectElement>('#stock-moves-product')!, 'prod-1');
    await waitFor(() => expect(sentTo(server, narrowed)).toHaveLength(1));
    await waitFor(() => expect(rows(movesTable(container))).toHaveLength(1));
    expect(csvLink(container, 'stock-moves-title').getAttribute('href')).toBe(
      '/api/v1/stock/moves.csv?from=2026-11-01&to=2026-11-26&productId=prod-1&kind=sale',
    );
    expect([...container.querySelectorAll<HTMLOptionElement>('#stock-moves-kind option')].map((option) => option.textContent)).toEqual([
      'Any kind', 'Opening', 'Sale', 'Refund', 'Correction', 'Received', 'Adjusted', 'Counted',
    ]);
    await click(button(container, 'Clear filters'));
    await waitFor(() => expect(csvLink(container, 'stock-moves-title').getAttribute('href')).toBe('/api/v1/stock/moves.csv'));
    await waitFor(() => expect(rows(movesTable(container))).toHaveLength(5));
  });

  it('offers no category or product filter to someone who may not read them', async () => {
    server = startStockServer('staff', { permissions: [], stockPermissions: ['stock_report'] });
    server.answers['GET /api/v1/stock/value'] = envelope(200, { data: allValue });
    server.answers['GET /api/v1/stock/moves?limit=50'] = envelope(200, { data: movesOf(colaNewest) });
    view = await openStockScreen('/staff/stock/reports');
    const { container } = view;
    await waitFor(() => expect(rows(movesTable(container))).toHaveLength(5));
    expect(container.querySelector('#stock-value-category')).toBeNull();
    expect(container.querySelector('#stock-moves-product')).toBeNull();
    expect(sentTo(server, 'GET /api/v1/categories')).toHaveLength(0);
    expect(sentTo(server, 'GET /api/v1/product')).toHaveLength(0);
  });
});
