// @vitest-environment happy-dom
/** Adjusting stock by hand (/admin/stock/adjust). */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { TillDataProvider } from '@/features/sales';
import { products } from '@/features/catalog/testing';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { loadBackOffice } from '../../test/back-office-core';
import { aishaAdmin, cornerGrocery } from '../../test/identity-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../../test/render';
import { openDialog, rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import type { Adjustment } from './api/adjustments-api';
import { localTill } from '@/features/sales/testing';
import { tillRequest } from '@/features/offline/testing';
import { loadCore } from '../../test/core';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const stockAdmin = { ...aishaAdmin, stockPermissions: ['stock_adjust'] };

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const searchBox = () => document.getElementById('adjust-product-search') as HTMLInputElement;
const lineInput = (container: HTMLElement, label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

async function open() {
  view = await renderRoutes(routes, '/admin/stock/adjust');
  await waitFor(() => expect(searchBox()?.placeholder).toBe('Barcode, name or number'));
  return view.container;
}

async function chooseReason(container: HTMLElement, value: string) {
  const select = field(container, 'Reason') as unknown as HTMLSelectElement;
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Cola (24 on hand) scanned onto the form. */
function addCola() {
  typeInto(searchBox(), '8901234');
  press(searchBox(), 'Enter');
}

beforeAll(async () => {
  await loadCore();
  await loadBackOffice();
});
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

describe('adjusting stock', () => {
  it('takes damaged goods off: a positive number typed, a negative change sent after a confirmation, the quantity after shown', async () => {
    const container = await open();
    expect(container.textContent).toContain('Damaged stock is taken off: type how many as a positive number (2 takes 2 off).');
    typeInto(field(container, 'Note'), 'Dropped shelf');
    addCola();
    const takenOff = lineInput(container, 'Line 1 taken off');
    expect(document.activeElement).toBe(takenOff);
    typeInto(takenOff, '2');
    expect(rows(container)[0].slice(0, 2)).toEqual(['Cola 330ml', '24 no']);
    expect(rows(container)[0][3]).toBe('22 no');

    const adjustment: Adjustment = {
      _id: '3', reason: 'damaged', note: 'Dropped shelf', ref: 'x', userName: 'Aisha', createdAt: 0,
      lines: [{ productId: 'prod-1', productName: 'Cola 330ml', unit: 'no', change: -2, quantity: 22 }],
    };
    server.answers['POST /api/v1/stock/adjustments'] = envelope(201, { message: 'Stock adjusted', data: adjustment });
    await click(button(container, 'Adjust stock'));
    expect(openDialog()?.textContent).toContain('Damaged: 1 product, taken off stock.');
    expect(sent('POST /api/v1/stock/adjustments')).toHaveLength(0);
    await click(button(openDialog()!, 'Adjust'));
    await waitFor(() => expect(container.textContent).toContain('Stock adjusted'));
    expect(sent('POST /api/v1/stock/adjustments')[0].body).toEqual({
      reason: 'damaged', note: 'Dropped shelf', ref: expect.stringMatching(/^.{1,64}$/), lines: [{ productId: 'prod-1', change: '-2' }],
    });
    expect(rows(container)).toEqual([['Cola 330ml', '-2 no', '22 no']]);
  });

  it('refuses before sending what core refuses: a minus sign on a taking-off reason, more than is on hand', async () => {
    const container = await open();
    addCola();
    typeInto(lineInput(container, 'Line 1 taken off'), '-2');
    expect(container.textContent).toContain('Type the quantity taken off without a minus sign');
    typeInto(lineInput(container, 'Line 1 taken off'), '30');
    expect(container.textContent).toContain('Only 24 on hand: at most 24 can be taken off');
    await click(button(container, 'Adjust stock'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Line 1: Only 24 on hand: at most 24 can be taken off');
    expect(openDialog()).toBeNull();
  });

  it('sends a correction signed as typed, and keeps a line’s meaning when the reason changes', async () => {
    const container = await open();
    addCola();
    typeInto(lineInput(container, 'Line 1 taken off'), '2');
    await chooseReason(container, 'correction');
    expect(lineInput(container, 'Line 1 change').value).toBe('-2');
    typeInto(lineInput(container, 'Line 1 change'), '3');
    expect(rows(container)[0][3]).toBe('27 no');

    server.answers['POST /api/v1/stock/adjustments'] = envelope(400, { message: 'Line 1: Only 3 on hand: at most 3 can be taken off' });
    await click(button(container, 'Adjust stock'));
    await click(button(openDialog()!, 'Adjust'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Line 1: Only 3 on hand: at most 3 can be taken off'));
    expect((sent('POST /api/v1/stock/adjustments')[0].body as { lines: unknown }).lines).toEqual([{ productId: 'prod-1', change: '3' }]);
  });
});

describe('adjusting stock with no connection', () => {
  it('works from the device’s products, saves the adjustment in the outbox and takes the stock off the device’s figure', async () => {
    const till = await localTill();
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    server.answers['GET /api/v1/product'] = unreachable;
    server.answers['POST /api/v1/stock/adjustments'] = unreachable;
    view = await renderRoutes(routes, '/admin/stock/adjust', (app) => <TillDataProvider value={till.data}>{app}</TillDataProvider>);
    const container = view.container;
    await waitFor(() => expect(searchBox()?.placeholder).toBe('Barcode, name or number'));
    expect(container.textContent).toContain('No connection: products and stock are this device’s copy.'.replace('’', "'"));
    addCola();
    typeInto(lineInput(container, 'Line 1 taken off'), '2');
    expect(rows(container)[0].slice(0, 2)).toEqual(['Cola 330ml', '24 no']);
    await click(button(container, 'Adjust stock'));
    await click(button(openDialog()!, 'Adjust'));
    await waitFor(() => expect(container.textContent).toContain('Adjustment saved on this device'));
    expect(container.textContent).toContain('No connection: the adjustment is saved on this device and sent when the connection returns.');
    expect(rows(container)).toEqual([['Cola 330ml', '-2 no', '22 no']]);
    expect((await till.db.products.get('prod-1'))?.quantity).toBe(22);
    const [queued] = await till.db.outbox.toArray();
    expect(tillRequest(queued!.action)).toEqual({
      method: 'POST', path: '/stock/adjustments',
      body: { reason: 'damaged', note: '', ref: expect.stringMatching(/^.{1,64}$/), lines: [{ productId: 'prod-1', change: '-2' }] },
    });
    // The ref it tried to send online is the one queued: the server records it once.
    expect((sent('POST /api/v1/stock/adjustments')[0].body as { ref: string }).ref).toBe((tillRequest(queued!.action).body as { ref: string }).ref);
    till.engine.stop();
    await till.engine.settled();
  });
});
