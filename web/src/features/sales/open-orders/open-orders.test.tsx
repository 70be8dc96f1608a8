// @vitest-environment happy-dom
/**
 * The open orders list and one open order, in both shop areas: the real route table on the
 * till's local data (the server's list cached locally, the till's own changes queued).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { searchDefaults, useSearchStore } from '@/stores/search-store';
import { loadCore } from '@/test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, renderRoutes, waitFor } from '@/test/render';
import { link, openDialog, rows } from '@/test/screens';
import { stubServer } from '@/test/stub-server';
import { tillDefaults, useTillStore } from '../cart';
import { cartOf, cartWithLines, cola, lineOf } from '../cart/till-test-fixtures';
import type { Invoice } from '@/types/invoice';
import { asLocal, refOf, withTillData } from '../local/local-route-support';
import { saveInvoice } from '@/features/offline/testing';
import { localTill } from '../local/local-test-support';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
let till: Awaited<ReturnType<typeof localTill>>;
let refuseDelete = '';

const ok = (data: unknown) => envelope(200, { data });
const queued = () => till.db.outbox.orderBy('seq').toArray();

function signIn(area: 'admin' | 'staff') {
  const user = area === 'admin' ? aishaAdmin : benStaff;
  server.answers[`GET /api/v1/${area}/check-logged`] = ok({ ...user, permissions: ['product_read', 'category_read'] });
}

/** The server's saved invoices, each with its client ref (InvoiceView's `ref`). */
function savedOrders(): (Invoice & { ref: string; provisionalNumber: string })[] {
  const first = { ...cartWithLines(), status: 'saved' as const, createdAt: Date.UTC(2025, 2, 5, 9, 15) };
  const second: Invoice = {
    ...cartOf([lineOf(cola, 1)]),
    _id: 'inv-2',
    invoiceNumber: 'INV-000002',
    status: 'saved',
    // Newer: the list is newest first.
    createdAt: Date.UTC(2025, 2, 6, 9, 0),
    customer: { _id: 'c-2', customerName: 'Hassan Naseer', phoneNumber: '7785555' },
    staff: 'Ben (staff)', staffId: 'user-2',
  };
  return [second, first].map((order) => ({ ...order, ref: refOf(order._id), provisionalNumber: '' }));
}

beforeAll(loadCore);
beforeEach(async () => {
  till = await localTill((command) => (command.kind === 'deleteOpenOrder' && refuseDelete ? { status: 409, message: refuseDelete } : { data: null }));
  refuseDelete = '';
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSearchStore.setState(searchDefaults);
  useTillStore.setState(tillDefaults);
  server.answers['GET /api/v1/shop/check-login'] = ok(cornerGrocery);
  server.answers['GET /api/v1/invoice/save/status-saved'] = ok(savedOrders());
  signIn('admin');
});
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function openList(path = '/admin/open/orders', count = 2) {
  view = await renderRoutes(withTillData(routes, till.data), path);
  await waitFor(() => expect(rows(view!.container)).toHaveLength(count));
  return view;
}

describe('open orders (/admin/open/orders, /staff/open/orders)', () => {
  it('lists the saved orders with customer, staff, date and total, each opening its detail', async () => {
    const { container } = await openList();
    const [first, second] = rows(container);
    expect(first?.slice(0, 4)).toEqual(['1', 'INV-000002', 'Hassan Naseer 7785555', 'Ben (staff)']);
    expect(second?.slice(0, 5)).toEqual(['2', 'INV-000001', 'Aisha Ali 7771234', 'Aisha (staff)', 'Mar 5, 2025, 2:15 PM']);
    expect(second?.[5]).toBe('2,232.04');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toContain('Total (MVR)');
    expect(link(container, 'Open INV-000001').getAttribute('href')).toBe(`/admin/open/orders/data/${refOf('inv-1')}`);
    // Cached: the list opens offline too.
    expect(await till.db.invoices.where('status').equals('saved').count()).toBe(2);
  });

  it('lists the till’s own unsynced open orders with their provisional numbers', async () => {
    await till.db.invoices.put(asLocal({ ...cartOf([lineOf(cola, 1)]), _id: 'inv-12', status: 'saved', createdAt: Date.UTC(2026, 0, 1) }));
    await till.data.engine.enqueue({ kind: 'saveOpenOrder', action: saveInvoice(refOf('inv-12')) });
    const { container } = await openList('/admin/open/orders', 3);
    expect(rows(container)[0]?.slice(0, 2)).toEqual(['1', 'Provisional 7F3A-0012']);
  });

  it('links the staff’s rows to the staff’s detail', async () => {
    signIn('staff');
    const { container } = await openList('/staff/open/orders');
    expect(link(container, 'Open INV-000002').getAttribute('href')).toBe(`/staff/open/orders/data/${refOf('inv-2')}`);
  });

  it('asks before deleting an open order, and deletes it only on Ok', async () => {
    const { container } = await openList();
    await click(button(container, 'Delete INV-000002'));
    expect(openDialog()?.textContent).toContain('Do you want to delete this open order?');
    await click(button(openDialog()!, 'Cancel'));
    expect(await till.db.outbox.count()).toBe(0);
    expect(rows(container)).toHaveLength(2);

    await click(button(container, 'Delete INV-000002'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect((await queued()).map((command) => [command.kind, command.action])).toEqual([['deleteOpenOrder', { type: 'deleteInvoice', invoiceRef: refOf('inv-2') }]]);
  });

  it('puts the row back when the server refuses the deletion', async () => {
    refuseDelete = 'A paid invoice cannot be deleted';
    const { container } = await openList();
    await click(button(container, 'Delete INV-000002'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    till.goOnline();
    await till.engine.settled();
    await till.engine.drain({ ignoreBackoff: true });
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(till.status.state.rejected).toEqual([expect.objectContaining({ kind: 'deleteOpenOrder', message: 'A paid invoice cannot be deleted' })]);
  });

  it('says SPEC’s "Failed to fetch saved invoice" when the list cannot load, and lists the local ones', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await till.db.invoices.put(asLocal({ ...cartOf([lineOf(cola, 1)]), _id: 'inv-12', status: 'saved' }));
    await till.data.engine.enqueue({ kind: 'saveOpenOrder', action: saveInvoice(refOf('inv-12')) });
    server.answers['GET /api/v1/invoice/save/status-saved'] = new Response('', { status: 502 });
    view = await renderRoutes(withTillData(routes, till.data), '/admin/open/orders');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to fetch saved invoice'));
    expect(rows(view.container)).toHaveLength(1);
  });
});

describe('one open order (/admin/open/orders/data/{ref})', () => {
  it('shows the categories, the tiles and the cart, and Save goes back to the list', async () => {
    const order = asLocal({ ...cartWithLines(), status: 'saved' }, { invoiceNumber: 'INV-000001', origin: 'server', serverId: 'inv-1' });
    await till.db.invoices.put(order);
    view = await renderRoutes(withTillData(routes, till.data), `/admin/open/orders/data/${order.ref}`);
    await waitFor(() => expect(document.querySelectorAll('.product-tile')).toHaveLength(3));
    await waitFor(() => expect(view!.text()).toContain('Open order INV-000001'));
    expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Aisha Ali7771234');
    expect(document.querySelector('.till-categories')).not.toBeNull();
    expect(useTillStore.getState().singleInvoiceOpenOrder).toBe(order.ref);

    await click(button(view.container, 'Save'));
    await waitFor(() => expect(view!.pathname()).toBe('/admin/open/orders'));
    expect(notify.success).toHaveBeenCalledWith('Saved to open orders');
    expect((await queued()).map((command) => command.kind)).toEqual(['saveOpenOrder']);
  });

  it('says when the order is gone (deleted, paid, or not on this till)', async () => {
    await till.db.invoices.put(asLocal({ ...cartWithLines(), _id: 'inv-8', status: 'paid' }));
    view = await renderRoutes(withTillData(routes, till.data), `/admin/open/orders/data/${refOf('inv-8')}`);
    await waitFor(() => expect(view!.text()).toContain('This open order is gone'));
    view.unmount();
    view = await renderRoutes(withTillData(routes, till.data), `/admin/open/orders/data/${refOf('inv-9')}`);
    await waitFor(() => expect(view!.text()).toContain('This open order is gone'));
  });

  it('opens an order saved on another till: the server’s open orders are fetched for it', async () => {
    view = await renderRoutes(withTillData(routes, till.data), `/admin/open/orders/data/${refOf('inv-2')}`);
    await waitFor(() => expect(view!.text()).toContain('Open order INV-000002'));
    expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Hassan Naseer7785555');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says SPEC’s "Failed fetch open order!" when the order is not here and the server cannot be asked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.answers['GET /api/v1/invoice/save/status-saved'] = new Response('', { status: 502 });
    view = await renderRoutes(withTillData(routes, till.data), `/admin/open/orders/data/${refOf('inv-2')}`);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed fetch open order!'));
    await waitFor(() => expect(view!.text()).toContain('This open order is gone'));
    expect(notify.error).toHaveBeenCalledTimes(1);
  });
});
