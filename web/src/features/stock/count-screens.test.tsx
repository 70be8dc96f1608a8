// @vitest-environment happy-dom
/** Stock counts: starting one, the scanner entry, the filter, posting and cancelling. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { categories } from '@/features/catalog/testing';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { loadBackOffice } from '../../test/back-office-core';
import { aishaAdmin, cornerGrocery } from '../../test/identity-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../../test/render';
import { openDialog, rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import type { CountLine, StockCount } from './api/counts-api';
import { TillDataProvider } from '@/features/sales';
import { localTill } from '@/features/sales/testing';
import { tillRequest } from '@/features/offline/testing';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const stockAdmin = { ...aishaAdmin, stockPermissions: ['stock_count'] };

const cola: CountLine = {
  productId: 'prod-1', productName: 'Cola 330ml', barcode: '8901234', unit: 'no', expected: 24, counted: null, difference: null,
  costValue: null, unitCost: 6,
};
const rice: CountLine = {
  productId: 'prod-2', productName: 'Rice', barcode: null, unit: 'kg', expected: 10.5, counted: null, difference: null, costValue: null,
  unitCost: 2,
};
const openCount: StockCount = {
  _id: '9', status: 'open', categoryId: null, categoryName: null, note: '', startedAt: Date.UTC(2026, 10, 28, 4), startedBy: 'Aisha',
  closedAt: null, closedBy: null, lines: [cola, rice],
  summary: { linesCounted: 0, linesDifferent: 0, shortCostValue: 0, overCostValue: 0, netCostValue: 0 },
};
/** Two Colas short: the server's answer after the scan. */
const colaCounted: StockCount = {
  ...openCount,
  lines: [{ ...cola, counted: 22, difference: -2, costValue: -12 }, rice],
  summary: { linesCounted: 1, linesDifferent: 1, shortCostValue: -12, overCostValue: 0, netCostValue: -12 },
};

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const scanBox = () => document.getElementById('count-scan') as HTMLInputElement;
const quantityBox = () => document.getElementById('count-quantity') as HTMLInputElement;

async function openCountScreen(count: StockCount) {
  server.answers['GET /api/v1/stock/counts/9'] = envelope(200, { data: count });
  view = await renderRoutes(routes, '/admin/stock/counts/9');
  await waitFor(() => expect(scanBox()).toBeTruthy());
  return view.container;
}

beforeAll(loadBackOffice);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: stockAdmin });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the count screen', () => {
  it('scanning picks the product and moves to the quantity; the quantity and Enter record one line and return to the scan box', async () => {
    const container = await openCountScreen(openCount);
    await waitFor(() => expect(document.activeElement).toBe(scanBox()));

    typeInto(scanBox(), '8901234');
    press(scanBox(), 'Enter');
    expect(document.activeElement).toBe(quantityBox());
    expect(container.textContent).toContain('Counted (no), expected 24');

    server.answers['PUT /api/v1/stock/counts/9/lines'] = envelope(200, { message: 'Count updated', data: colaCounted });
    typeInto(quantityBox(), '22');
    press(quantityBox(), 'Enter');
    await waitFor(() => expect(document.activeElement).toBe(scanBox()));
    expect(sent('PUT /api/v1/stock/counts/9/lines').map((request) => request.body)).toEqual([{ lines: [{ productId: 'prod-1', counted: '22' }] }]);
    expect(scanBox().value).toBe('');
    expect(rows(container)[0]).toEqual(['Cola 330ml8901234', '24 no', '22 no', '-2', 'MVR -12.00']);
    // The summary is the server's.
    expect(container.querySelector('[aria-label="Count summary"]')?.textContent).toBe('Counted1 of 2Different1ShortMVR -12.00OverMVR 0.00NetMVR -12.00');
  });

  it('finds a product by name, and says so when nothing in the count matches a scan', async () => {
    const container = await openCountScreen(openCount);
    typeInto(scanBox(), '4790001');
    press(scanBox(), 'Enter');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Nothing in this count matches “4790001”');
    expect(document.activeElement).toBe(scanBox());

    typeInto(scanBox(), 'rice');
    press(scanBox(), 'Enter');
    expect(document.activeElement).toBe(quantityBox());
    expect(container.textContent).toContain('Counted (kg), expected 10.5');
  });

  it('checks the quantity with core before sending, and shows the server’s refusal', async () => {
    const container = await openCountScreen(openCount);
    typeInto(scanBox(), '8901234');
    press(scanBox(), 'Enter');
    typeInto(quantityBox(), '2.5');
    press(quantityBox(), 'Enter');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Counted must be a whole number for unit no');
    expect(sent('PUT /api/v1/stock/counts/9/lines')).toHaveLength(0);

    server.answers['PUT /api/v1/stock/counts/9/lines'] = envelope(409, { message: 'This count is posted' });
    typeInto(quantityBox(), '3');
    press(quantityBox(), 'Enter');
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('This count is posted'));
    expect(document.activeElement).toBe(quantityBox());
  });

  it('filters the lines: counted, not counted, different', async () => {
    const container = await openCountScreen(colaCounted);
    const show = field(container, 'Show') as unknown as HTMLSelectElement;
    const choose = async (value: string) =>
      act(async () => {
        show.value = value;
        show.dispatchEvent(new Event('change', { bubbles: true }));
      });
    await choose('uncounted');
    expect(rows(container).map((cells) => cells[0])).toEqual(['Rice']);
    await choose('different');
    expect(rows(container).map((cells) => cells[0])).toEqual(['Cola 330ml8901234']);
    await choose('counted');
    expect(rows(container).map((cells) => cells[0])).toEqual(['Cola 330ml8901234']);
  });

  it('posting asks first, naming the lines that change and the net value, then posts', async () => {
    const container = await openCountScreen(colaCounted);
    await click(button(container, 'Post count'));
    expect(openDialog()?.textContent).toContain('Post this count?');
    expect(openDialog()?.textContent).toContain('1 product will change stock, net value MVR -12.00 at cost');
    expect(sent('POST /api/v1/stock/counts/9/post')).toHaveLength(0);

    server.answers['POST /api/v1/stock/counts/9/post'] = envelope(200, { message: 'Count posted', data: { ...colaCounted, status: 'posted' } });
    await click(button(openDialog()!, 'Post count'));
    await waitFor(() => expect(container.textContent).toContain('Posted'));
    expect(sent('POST /api/v1/stock/counts/9/post')).toHaveLength(1);
    expect(document.getElementById('count-scan')).toBeNull();
    expect(() => button(container, 'Post count')).toThrow();
  });

  it('cancelling asks first, and keeping on counting sends nothing', async () => {
    const container = await openCountScreen(colaCounted);
    await click(button(container, 'Cancel count'));
    expect(openDialog()?.textContent).toContain('Cancel this count?');
    await click(button(openDialog()!, 'Keep counting'));
    expect(openDialog()).toBeNull();
    expect(sent('POST /api/v1/stock/counts/9/cancel')).toHaveLength(0);

    server.answers['POST /api/v1/stock/counts/9/cancel'] = envelope(200, { message: 'Count cancelled', data: { ...colaCounted, status: 'cancelled' } });
    await click(button(container, 'Cancel count'));
    await click(button(openDialog()!, 'Cancel count'));
    await waitFor(() => expect(container.textContent).toContain('Cancelled'));
    expect(sent('POST /api/v1/stock/counts/9/cancel')).toHaveLength(1);
  });
});

describe('starting a count (/admin/stock/counts)', () => {
  it('starts a count of one category and opens it; a count already open is the server’s message', async () => {
    server.answers['GET /api/v1/stock/counts?limit=50'] = envelope(200, { data: { rows: [], more: false } });
    server.answers['GET /api/v1/categories'] = envelope(200, { data: categories });
    view = await renderRoutes(routes, '/admin/stock/counts');
    const { container } = view;
    await waitFor(() => expect(container.textContent).toContain('Start count'));
    const category = field(container, 'Count') as unknown as HTMLSelectElement;
    await waitFor(() => expect(category.options.length).toBe(categories.length + 1));
    await act(async () => {
      category.value = categories[0]._id;
      category.dispatchEvent(new Event('change', { bubbles: true }));
    });

    server.answers['POST /api/v1/stock/counts'] = envelope(409, { message: 'A count is already open: post or cancel it first' });
    await click(button(container, 'Start count'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('A count is already open: post or cancel it first'));

    server.answers['POST /api/v1/stock/counts'] = envelope(201, { message: 'Count started', data: openCount });
    server.answers['GET /api/v1/stock/counts/9'] = envelope(200, { data: openCount });
    await click(button(container, 'Start count'));
    await waitFor(() => expect(view!.pathname()).toBe('/admin/stock/counts/9'));
    const [first, second] = sent('POST /api/v1/stock/counts').map((request) => request.body as { categoryId: string; ref: string });
    expect(first).toEqual({ categoryId: categories[0]._id, note: '', ref: expect.any(String) });
    expect(second.ref).toBe(first.ref);
  });
});

describe('counting with no connection', () => {
  it('keeps each line on the device with its time, shows core’s difference, and posts only once the lines are sent', async () => {
    const till = await localTill();
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    server.answers['GET /api/v1/stock/counts/9'] = envelope(200, { data: openCount });
    view = await renderRoutes(routes, '/admin/stock/counts/9', (app) => <TillDataProvider value={till.data}>{app}</TillDataProvider>);
    const container = view.container;
    await waitFor(() => expect(scanBox()).toBeTruthy());
    server.answers['PUT /api/v1/stock/counts/9/lines'] = unreachable;
    typeInto(scanBox(), '8901234');
    press(scanBox(), 'Enter');
    typeInto(quantityBox(), '22');
    press(quantityBox(), 'Enter');
    await waitFor(() => expect(document.activeElement).toBe(scanBox()));
    expect(container.textContent).toContain('No connection: a counted line is saved on this device');
    expect(rows(container)[0]).toEqual(['Cola 330ml8901234', '24 no', '22 no', '-2', 'MVR -12.00']);
    expect(container.querySelector('[aria-label="Count summary"]')?.textContent).toBe('Counted1 of 2Different1ShortMVR -12.00OverMVR 0.00NetMVR -12.00');

    // The next line queues behind it without trying the server, so a product counted again keeps its last count.
    server.answers['PUT /api/v1/stock/counts/9/lines'] = envelope(200, { message: 'Count updated', data: colaCounted });
    typeInto(scanBox(), 'rice');
    press(scanBox(), 'Enter');
    typeInto(quantityBox(), '10.5');
    press(quantityBox(), 'Enter');
    await waitFor(() => expect(container.textContent).toContain('No connection: 2 counted lines are saved on this device'));
    expect(sent('PUT /api/v1/stock/counts/9/lines')).toHaveLength(1);
    const queued = (await till.db.outbox.toArray()).map((command) => tillRequest(command.action));
    expect(queued).toEqual([
      { method: 'PUT', path: '/stock/counts/9/lines', body: { lines: [{ productId: 'prod-1', counted: '22' }], countedAt: expect.any(Number) } },
      { method: 'PUT', path: '/stock/counts/9/lines', body: { lines: [{ productId: 'prod-2', counted: '10.5' }], countedAt: expect.any(Number) } },
    ]);

    // Still offline: the count is not posted, and the screen says why.
    server.answers['POST /api/v1/stock/counts/9/post'] = envelope(200, { message: 'Count posted', data: { ...colaCounted, status: 'posted' } });
    await click(button(container, 'Post count'));
    await click(button(openDialog()!, 'Post count'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('2 counted lines are still waiting to be sent: post the count once the connection returns.'));
    expect(sent('POST /api/v1/stock/counts/9/post')).toHaveLength(0);
    till.engine.stop();
    await till.engine.settled();
  });
});
