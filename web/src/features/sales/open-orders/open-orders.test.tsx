// @vitest-environment happy-dom
/** The open orders list and one open order, in both shop areas: the real route table, a stubbed server. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { signedOut, useAuthStore } from '../../../stores/auth-store';
import { searchDefaults, useSearchStore } from '../../../stores/search-store';
import { loadCore } from '../../../test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '../../../test/identity-fixtures';
import { button, click, envelope, renderRoutes, waitFor } from '../../../test/render';
import { link, openDialog, rows } from '../../../test/screens';
import { stubServer } from '../../../test/stub-server';
import { categories, products } from '../../catalog/test-fixtures';
import { tillDefaults, useTillStore } from '../cart';
import { cartOf, cartWithLines, cola, lineOf } from '../cart/till-test-fixtures';
import type { Invoice } from '../types';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

const sent = (key: string) => server.requests().filter((request) => request.key === key);
const ok = (data: unknown) => envelope(200, { data });

function signIn(area: 'admin' | 'staff') {
  const user = area === 'admin' ? aishaAdmin : benStaff;
  server.answers[`GET /api/v1/${area}/check-logged`] = ok({ ...user, permissions: ['product_read', 'category_read'] });
}

function savedOrders(): Invoice[] {
  const first = { ...cartWithLines(), status: 'saved' as const, createdAt: Date.UTC(2025, 2, 5, 9, 15) };
  const second: Invoice = {
    ...cartOf([lineOf(cola, 1)]),
    _id: 'inv-2',
    invoiceNumber: 'INV-000002',
    status: 'saved',
    customer: { _id: 'c-2', customerName: 'Hassan Naseer', phoneNumber: '7785555' },
    staff: { _id: 'user-2', userName: 'Ben' },
  };
  return [second, first];
}

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSearchStore.setState(searchDefaults);
  useTillStore.setState(tillDefaults);
  server.answers['GET /api/v1/shop/check-login'] = ok(cornerGrocery);
  server.answers['GET /api/v1/till/catalog'] = ok({ categories, products });
  server.answers['GET /api/v1/invoice/save/status-saved'] = ok(savedOrders());
  signIn('admin');
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function openList(path = '/admin/open/orders') {
  view = await renderRoutes(routes, path);
  await waitFor(() => expect(rows(view!.container)).toHaveLength(2));
  return view;
}

describe('open orders (/admin/open/orders, /staff/open/orders)', () => {
  it('lists the saved orders with customer, staff, date and total, each opening its detail', async () => {
    const { container } = await openList();
    const [first, second] = rows(container);
    expect(first?.slice(0, 4)).toEqual(['1', 'INV-000002', 'Hassan Naseer 7785555', 'Ben']);
    expect(second?.slice(0, 5)).toEqual(['2', 'INV-000001', 'Aisha Ali 7771234', 'Aisha', 'Mar 5, 2025, 2:15 PM']);
    expect(second?.[5]).toBe('2,232.04');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toContain('Total (MVR)');
    expect(link(container, 'Open INV-000001').getAttribute('href')).toBe('/admin/open/orders/data/inv-1');
  });

  it('links the staff’s rows to the staff’s detail', async () => {
    signIn('staff');
    const { container } = await openList('/staff/open/orders');
    expect(link(container, 'Open INV-000002').getAttribute('href')).toBe('/staff/open/orders/data/inv-2');
  });

  it('asks before deleting an open order, and deletes it only on Ok', async () => {
    server.answers['DELETE /api/v1/invoice/status-saved/inv-2'] = ok(null);
    const { container } = await openList();
    await click(button(container, 'Delete INV-000002'));
    expect(openDialog()?.textContent).toContain('Do you want to delete this open order?');
    await click(button(openDialog()!, 'Cancel'));
    expect(sent('DELETE /api/v1/invoice/status-saved/inv-2')).toHaveLength(0);
    expect(rows(container)).toHaveLength(2);

    await click(button(container, 'Delete INV-000002'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect(sent('DELETE /api/v1/invoice/status-saved/inv-2')).toHaveLength(1);
  });

  it('keeps the row and shows the server’s refusal', async () => {
    server.answers['DELETE /api/v1/invoice/status-saved/inv-2'] = envelope(409, { message: 'A paid invoice cannot be deleted' });
    const { container } = await openList();
    await click(button(container, 'Delete INV-000002'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('A paid invoice cannot be deleted'));
    expect(rows(container)).toHaveLength(2);
  });

  it('says SPEC’s "Failed to fetch saved invoice" when the list cannot load', async () => {
    server.answers['GET /api/v1/invoice/save/status-saved'] = new Response('', { status: 502 });
    view = await renderRoutes(routes, '/admin/open/orders');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to fetch saved invoice'));
  });
});

describe('one open order (/admin/open/orders/data/{id})', () => {
  it('shows the categories, the tiles and the cart, and Save goes back to the list', async () => {
    const order = savedOrders()[1]!;
    server.answers['GET /api/v1/invoice/inv-1'] = ok(order);
    server.answers['PATCH /api/v1/invoice/inv-1'] = ok(order);
    view = await renderRoutes(routes, '/admin/open/orders/data/inv-1');
    await waitFor(() => expect(document.querySelectorAll('.product-tile')).toHaveLength(3));
    expect(view.text()).toContain('Open order INV-000001');
    expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Aisha Ali7771234');
    expect(document.querySelector('.till-categories')).not.toBeNull();
    expect(useTillStore.getState().singleInvoiceOpenOrder?._id).toBe('inv-1');

    await click(button(view.container, 'Save'));
    await waitFor(() => expect(view!.pathname()).toBe('/admin/open/orders'));
    expect(notify.success).toHaveBeenCalledWith('Saved to open orders');
  });

  it('says when the order is gone, and SPEC’s "Failed fetch open order!" on a failure', async () => {
    server.answers['GET /api/v1/invoice/inv-9'] = envelope(404, { message: 'Invoice not found' });
    view = await renderRoutes(routes, '/admin/open/orders/data/inv-9');
    await waitFor(() => expect(view!.text()).toContain('This open order is gone'));
    view.unmount();

    server.answers['GET /api/v1/invoice/inv-8'] = new Response('', { status: 500 });
    view = await renderRoutes(routes, '/admin/open/orders/data/inv-8');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed fetch open order!'));
  });
});
