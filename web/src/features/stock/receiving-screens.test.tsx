// @vitest-environment happy-dom
/** Receiving a delivery (/admin/stock/receiving/new) and the menu entry the grant shows. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { products } from '@/features/catalog/testing';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { loadBackOffice } from '../../test/back-office-core';
import { aishaAdmin, cornerGrocery } from '../../test/identity-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../../test/render';
import { openDialog, row, rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import type { Delivery } from './api/receivings-api';
import { TillDataProvider } from '@/features/sales';
import { localTill } from '@/features/sales/testing';
import { tillRequest } from '@/features/offline/testing';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const stockAdmin = { ...aishaAdmin, stockPermissions: ['stock_receive', 'stock_count', 'stock_adjust', 'stock_report'] };

/** Cola: 24 on hand at 6.00 a unit (features/catalog's fixtures). */
const received: Delivery = {
  _id: '5', supplier: 'Island Foods', reference: 'DN-2231', note: '', ref: 'x', userName: 'Aisha', createdAt: Date.UTC(2026, 10, 28, 5),
  totalCost: 79.2,
  lines: [{ productId: 'prod-1', productName: 'Cola 330ml', unit: 'no', quantity: 12, unitCost: 6.6, lineCost: 79.2, costBefore: 6,
            costAfter: 6.2, quantityAfter: 36 }],
};

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const posted = (key: string) => server.requests().filter((request) => request.key === key);
const searchBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Scan a barcode or type a product name"]')!;

async function open(path: string) {
  view = await renderRoutes(routes, path);
  await waitFor(() => expect(searchBox().placeholder).toBe('Barcode, name or number'));
  return view.container;
}

/** Scans Cola's barcode, then types its quantity and cost. */
async function addColaLine(container: HTMLElement) {
  typeInto(searchBox(), '8901234');
  press(searchBox(), 'Enter');
  await waitFor(() => expect(row(container, 'Cola 330ml8901234')).toBeTruthy());
  const quantity = container.querySelector<HTMLInputElement>('input[aria-label="Line 1 quantity"]')!;
  expect(document.activeElement).toBe(quantity);
  typeInto(quantity, '12');
  typeInto(container.querySelector<HTMLInputElement>('input[aria-label="Line 1 unit cost"]')!, '6.60');
}

beforeAll(loadBackOffice);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: stockAdmin });
  server.answers['GET /api/v1/product'] = envelope(200, { data: products });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('receiving a delivery', () => {
  it('shows core’s line cost and cost after, asks before receiving, posts the lines and shows the cost before and after', async () => {
    const container = await open('/admin/stock/receiving/new');
    await addColaLine(container);
    // Core refuses a delivery with no supplier: the costs wait for it.
    expect(rows(container)[0].slice(4, 6)).toEqual(['—', '—']);
    expect(container.textContent).toContain("Type the supplier to see each line's cost.");
    typeInto(field(container, 'Supplier'), 'Island Foods');
    typeInto(field(container, 'Delivery note number'), 'DN-2231');
    // 12 at 6.60 on 24 at 6.00: a line of 79.20, and 36 at 6.20 a unit after.
    await waitFor(() => expect(rows(container)[0].slice(1, 6)).toEqual(['24 no', '', '', 'MVR 79.20', 'MVR 6.20']));

    server.answers['POST /api/v1/stock/receivings'] = envelope(201, { message: 'Stock received', data: received });
    await click(button(container, 'Receive delivery'));
    expect(openDialog()?.textContent).toContain('Receive this delivery?');
    expect(openDialog()?.textContent).toContain('total cost MVR 79.20');
    expect(posted('POST /api/v1/stock/receivings')).toHaveLength(0);

    await click(button(openDialog()!, 'Receive'));
    await waitFor(() => expect(container.textContent).toContain('Delivery received'));
    expect(posted('POST /api/v1/stock/receivings')[0].body).toEqual({
      supplier: 'Island Foods', reference: 'DN-2231', note: '', ref: expect.stringMatching(/^.{1,64}$/),
      lines: [{ productId: 'prod-1', quantity: '12', unitCost: '6.60' }],
    });
    expect(rows(container)).toEqual([['Cola 330ml', '12 no', 'MVR 6.60', 'MVR 79.20', 'MVR 6.00', 'MVR 6.20', '36 no']]);
  });

  it('shows the server’s refusal and sends the same ref again when retried', async () => {
    const container = await open('/admin/stock/receiving/new');
    typeInto(field(container, 'Supplier'), 'Island Foods');
    await addColaLine(container);
    server.answers['POST /api/v1/stock/receivings'] = envelope(404, { message: 'Line 1: Product not found' });
    await click(button(container, 'Receive delivery'));
    await click(button(openDialog()!, 'Receive'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Line 1: Product not found'));
    expect(openDialog()).toBeNull();

    server.answers['POST /api/v1/stock/receivings'] = envelope(200, { message: 'Stock received', data: received });
    await click(button(container, 'Receive delivery'));
    await click(button(openDialog()!, 'Receive'));
    await waitFor(() => expect(container.textContent).toContain('Delivery received'));
    const [first, retry] = posted('POST /api/v1/stock/receivings').map((request) => (request.body as { ref: string }).ref);
    expect(retry).toBe(first);
  });

  it('refuses with core’s message before sending a quantity core refuses', async () => {
    const container = await open('/admin/stock/receiving/new');
    typeInto(field(container, 'Supplier'), 'Island Foods');
    await addColaLine(container);
    typeInto(container.querySelector<HTMLInputElement>('input[aria-label="Line 1 quantity"]')!, '2.5');
    await click(button(container, 'Receive delivery'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Line 1: quantity must be a whole number for unit no');
    expect(openDialog()).toBeNull();
  });

  it('reads a CSV through the server, lists its row errors by row, and adds its lines', async () => {
    const container = await open('/admin/stock/receiving/new');
    server.answers['POST /api/v1/stock/receivings/read-csv'] = envelope(200, {
      message: 'Delivery read',
      data: {
        lines: [{ row: 2, productId: 'prod-1', productName: 'Cola 330ml', unit: 'no', quantity: 24, unitCost: 1.1 }],
        errors: [{ row: 4, message: 'Row 4: no product has barcode 4790001' }, { row: 5, message: 'quantity is not a number' }],
      },
    });
    const csv = 'barcode,quantity,unitCost\n8901234,24,1.10\n';
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    act(() => {
      Object.defineProperty(input, 'files', { value: [new File([csv], 'delivery.csv', { type: '' })], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(container.textContent).toContain('CSV read: 1 line, 2 rows with errors'));
    const [, init] = server.fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/stock/receivings/read-csv')!;
    expect(await (init?.body as Blob).text()).toBe(csv);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    expect([...container.querySelectorAll('[aria-label="Rows not read"] li')].map((item) => item.textContent)).toEqual([
      'Row 4: no product has barcode 4790001',
      'Row 5: quantity is not a number',
    ]);

    await click(button(container, 'Add 1 line'));
    expect(container.textContent).not.toContain('CSV read');
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Line 1 quantity"]')?.value).toBe('24');
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Line 1 unit cost"]')?.value).toBe('1.1');
  });
});

describe('the Receiving menu entry', () => {
  const menuLabels = (container: HTMLElement) => [...container.querySelectorAll('nav a')].map((link) => link.textContent?.trim());

  it('shows for an admin holding stock_receive, not for one without it', async () => {
    server.answers['GET /api/v1/stock/receivings?limit=50'] = envelope(200, { data: { rows: [], more: false } });
    view = await renderRoutes(routes, '/admin/stock/receiving');
    await waitFor(() => expect(menuLabels(view!.container)).toContain('Receiving'));
    view.unmount();

    server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: { ...stockAdmin, stockPermissions: ['stock_count'] } });
    useAuthStore.setState(signedOut);
    view = await renderRoutes(routes, '/admin/stock/receiving');
    await waitFor(() => expect(menuLabels(view!.container)).toContain('Dashboard'));
    expect(menuLabels(view.container)).not.toContain('Receiving');
    expect(view.container.textContent).toContain('needs the “Receive deliveries” grant');
  });
});

describe('receiving a delivery with no connection', () => {
  it('picks from the device’s products, keeps the delivery in the outbox with core’s costs, and adds the stock on the device', async () => {
    const till = await localTill();
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    server.answers['GET /api/v1/product'] = unreachable;
    server.answers['POST /api/v1/stock/receivings'] = unreachable;
    view = await renderRoutes(routes, '/admin/stock/receiving/new', (app) => <TillDataProvider value={till.data}>{app}</TillDataProvider>);
    const container = view.container;
    await waitFor(() => expect(searchBox().placeholder).toBe('Barcode, name or number'));
    expect(container.textContent).toContain("No connection: products and stock are this device's copy.");
    await addColaLine(container);
    typeInto(field(container, 'Supplier'), 'Island Foods');
    await waitFor(() => expect(rows(container)[0].slice(4, 6)).toEqual(['MVR 79.20', 'MVR 6.20']));
    await click(button(container, 'Receive delivery'));
    await click(button(openDialog()!, 'Receive'));
    await waitFor(() => expect(container.textContent).toContain('Delivery saved on this device'));
    expect(rows(container)).toEqual([['Cola 330ml', '12 no', 'MVR 6.60', 'MVR 79.20', 'MVR 6.00', 'MVR 6.20', '36 no']]);
    expect((await till.db.products.get('prod-1'))?.quantity).toBe(36);
    const [queued] = await till.db.outbox.toArray();
    expect(queued?.kind).toBe('receiveStock');
    expect(tillRequest(queued!.action)).toEqual({
      method: 'POST', path: '/stock/receivings',
      body: { supplier: 'Island Foods', reference: '', note: '', ref: expect.stringMatching(/^.{1,64}$/), lines: [{ productId: 'prod-1', quantity: '12', unitCost: '6.60' }] },
    });
    till.engine.stop();
    await till.engine.settled();
  });
});
