// @vitest-environment happy-dom
/** A product's stock history (/admin|staff/stock/products/:id) as an admin or a staff member meets it. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { button, click, envelope, waitFor } from '@/test/render';
import { link, rows } from '@/test/screens';
import { cola, products } from '@/features/catalog/testing';
import { colaNewest, colaOldest, openStockScreen, sentTo, startStockServer, type Server } from './ledger-test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: Server;
let view: Awaited<ReturnType<typeof openStockScreen>> | undefined;
const firstPage = 'GET /api/v1/stock/products/12/moves?limit=50';
const pageBefore36 = 'GET /api/v1/stock/products/12/moves?before=36&limit=50';

beforeAll(loadCore);
beforeEach(() => {
  server = startStockServer('admin', { permissions: ['product_read'], stockPermissions: [] });
  server.answers[firstPage] = envelope(200, { data: colaNewest });
  server.answers[pageBefore36] = envelope(200, { data: colaOldest });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a product’s stock history', () => {
  it('names the product, its unit and stock now, then each change newest first in words, signed, in the shop’s time', async () => {
    view = await openStockScreen('/admin/stock/products/12');
    const { container } = view;
    await waitFor(() => expect(rows(container)).toHaveLength(5));
    expect(container.querySelector('h1')?.textContent).toBe('Stock history: Cola');
    const summary = Object.fromEntries([...container.querySelectorAll('.ledger-summary dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(summary).toEqual({ Product: 'Cola', Unit: 'no', 'On hand now': '116' });
    expect(rows(container)).toEqual([
      ['Nov 26, 2026 2:00 PM', 'Refund', '+1', '116', 'INV-000007', 'Aisha'],
      ['Nov 26, 2026 1:00 PM', 'Sale', '-2', '115', 'INV-000007', 'Ben'],
      ['Nov 26, 2026 12:00 PM', 'Adjusted (damaged)', '-1', '117', '—', 'Aisha'],
      ['Nov 26, 2026 11:00 AM', 'Counted', '-6', '118', '—', 'Aisha'],
      ['Nov 26, 2026 10:00 AM', 'Received', '+24', '124', '—', 'Aisha'],
    ]);
    // Stock put on reads apart from stock taken off.
    const changeCell = (index: number) => container.querySelectorAll('tbody tr')[index]!.querySelectorAll('td')[2]!;
    expect(changeCell(0).classList).toContain('ledger-change--in');
    expect(changeCell(1).classList).toContain('ledger-change--out');
    expect(link(container, 'Products').getAttribute('href')).toBe('/admin/product/view');
  });

  it('loads the rows before the last one shown on "Load more", until there are no more', async () => {
    view = await openStockScreen('/admin/stock/products/12');
    const { container } = view;
    await waitFor(() => expect(rows(container)).toHaveLength(5));
    expect(sentTo(server, pageBefore36)).toHaveLength(0);
    await click(button(container, 'Load more'));
    await waitFor(() => expect(rows(container)).toHaveLength(7));
    expect(sentTo(server, pageBefore36)).toHaveLength(1);
    expect(rows(container).slice(5).map((cells) => cells.slice(1, 4))).toEqual([
      ['Correction', '+50', '100'],
      ['Opening', '+50', '50'],
    ]);
    expect(() => button(container, 'Load more')).toThrow();
  });

  it('says so when the product is not there', async () => {
    server.answers['GET /api/v1/stock/products/99/moves?limit=50'] = envelope(404, { message: 'Product not found' });
    view = await openStockScreen('/admin/stock/products/99');
    await waitFor(() => expect(view!.text()).toContain('Product not found'));
    expect(notify.error).toHaveBeenCalledWith('Product not found');
  });

  it('opens from a product’s "Stock history" on the products list, for a staff member who reads products', async () => {
    server = startStockServer('staff', { permissions: ['product_read'] });
    server.answers['GET /api/v1/product'] = envelope(200, { data: products });
    server.answers['GET /api/v1/stock/products/prod-1/moves?limit=50'] = envelope(200, {
      data: { ...colaOldest, product: { _id: cola._id, productName: cola.productName, unit: 'no', quantity: 100 } },
    });
    view = await openStockScreen('/staff/product/view');
    const { container } = view;
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    await click(link(container, 'Stock history of Cola 330ml'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Stock history: Cola 330ml'));
    expect(view.pathname()).toBe('/staff/stock/products/prod-1');
    await waitFor(() => expect(rows(container).map((cells) => cells[1])).toEqual(['Correction', 'Opening']));
    expect(link(container, 'Products').getAttribute('href')).toBe('/staff/product/view');
  });
});
