// @vitest-environment happy-dom
/** The back office's shifts (/admin/shifts, /admin/shifts/:id) and the dashboard's day of shifts. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { loadCore } from '../../test/core';
import { aishaAdmin, cornerGrocery } from '../../test/identity-fixtures';
import { click, envelope, renderRoutes, waitFor } from '../../test/render';
import { rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import { DayShiftsPanel } from './day-shifts-panel';
import type { Shift, ShiftDetail } from './types';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const shiftAdmin = { ...aishaAdmin, shiftPermissions: ['shift_open_close', 'cash_movement', 'shift_read_all'] };
/** 9:00 on Nov 26, 2026 in the Maldives (UTC+5). */
const nineAm = Date.UTC(2026, 10, 26, 4, 0);

const closed: Shift = {
  _id: '7', ref: 'a', number: 'SH-000007', deviceCode: '7F3A', provisionalNumber: '', status: 'closed', autoOpened: false,
  openedById: 'user-2', openedBy: 'Ben', openedAt: nineAm, openingFloat: 100, closedById: 'user-1', closedBy: 'Aisha',
  closedAt: nineAm + 8 * 3_600_000, countedCash: 112, denominations: null,
};
const open: Shift = {
  ...closed, _id: '8', ref: 'b', number: 'SH-000008', deviceCode: '', status: 'open', openingFloat: 30, closedById: null,
  closedBy: '', closedAt: null, countedCash: null, openedAt: nineAm + 9 * 3_600_000,
};
const detailOf = (shift: Shift): ShiftDetail => ({
  shift,
  movements: shift === closed ? [{ _id: '1', kind: 'payOut', amount: 5.5, reason: 'Milk', by: 'Ben', at: nineAm }] : [],
  sales:
    shift === closed
      ? [{ _id: '42', invoiceNumber: 'INV-000042', status: 'paid', paymentMethod: 'cash', subTotal: 20, totalDiscount: 0,
           totalTax: 0, redeemAmount: 0, totalAmount: 20, paidAt: nineAm }]
      : [],
  refunds: [],
});

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: shiftAdmin });
  server.answers['GET /api/v1/admin/staff/list'] = envelope(200, { data: [aishaAdmin, { ...aishaAdmin, _id: 'user-2', userName: 'Ben' }] });
  server.answers['GET /api/v1/shifts?limit=50'] = envelope(200, { data: [open, closed] });
  server.answers['GET /api/v1/shifts/7'] = envelope(200, { data: detailOf(closed) });
  server.answers['GET /api/v1/shifts/8'] = envelope(200, { data: detailOf(open) });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the shifts list (/admin/shifts)', () => {
  it('lists each shift with its report figures, computed by core from its detail', async () => {
    view = await renderRoutes(routes, '/admin/shifts');
    const { container } = view;
    await waitFor(() => expect(rows(container).at(-1)?.at(-1)).toBe('-MVR 2.50short'));
    expect(rows(container)).toEqual([
      ['SH-000008Open', 'Web till', 'BenNov 26, 20266:00 PM', '—', '0', 'MVR 30.00', '—', '—'],
      ['SH-000007', '7F3A', 'BenNov 26, 20269:00 AM', 'AishaNov 26, 20265:00 PM', '1', 'MVR 114.50', 'MVR 112.00', '-MVR 2.50short'],
    ]);
    const menu = container.querySelector('nav[aria-label="Admin menu"]')!;
    expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toContain('Shifts');
    expect(container.querySelector('a[href="/admin/shifts/7"]')).not.toBeNull();
  });

  it('narrows the list by status, dates, till and person, and downloads the same shifts as CSV', async () => {
    server.answers['GET /api/v1/shifts?status=closed&limit=50'] = envelope(200, { data: [closed] });
    server.answers['GET /api/v1/shifts?status=closed&user=user-2&limit=50'] = envelope(200, { data: [closed] });
    view = await renderRoutes(routes, '/admin/shifts');
    const { container } = view;
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    await choose(container.querySelector<HTMLSelectElement>('#shift-filter-status')!, 'closed');
    await waitFor(() => expect(sent('GET /api/v1/shifts?status=closed&limit=50')).toHaveLength(1));
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    await waitFor(() => expect(container.querySelectorAll('#shift-filter-user option')).toHaveLength(3));
    await choose(container.querySelector<HTMLSelectElement>('#shift-filter-user')!, 'user-2');
    await waitFor(() => expect(sent('GET /api/v1/shifts?status=closed&user=user-2&limit=50')).toHaveLength(1));
    const csv = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Download CSV')!;
    expect(csv.getAttribute('href')).toBe('/api/v1/shifts/export.csv?status=closed&user=user-2');
    await click([...container.querySelectorAll('button')].find((b) => b.textContent === 'Clear filters')!);
    await waitFor(() => expect(csv.getAttribute('href')).toBe('/api/v1/shifts/export.csv'));
  });
});

describe('a shift’s report (/admin/shifts/:id)', () => {
  it('shows a closed shift’s Z report with print buttons for both papers', async () => {
    view = await renderRoutes(routes, '/admin/shifts/7');
    const { container } = view;
    await waitFor(() => expect(container.querySelector('.shift-sheet__title')?.textContent).toBe('Z report'));
    expect(container.querySelector('h1')?.textContent).toBe('Shift SH-000007');
    expect(container.textContent).toContain('Pay out: Milk');
    expect(container.querySelector('.shift-sheet__difference dd')?.textContent).toBe('-MVR 2.50 short');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    let printed = '';
    print.mockImplementation(() => {
      printed = document.querySelector('body > .print-copy .shift-sheet--80mm')?.textContent ?? '';
    });
    await click([...container.querySelectorAll('button')].find((b) => b.textContent === 'Print 80 mm')!);
    expect(print).toHaveBeenCalledTimes(1);
    expect(printed).toContain('MVR 114.50');
    expect(document.querySelector('body > .print-copy')).toBeNull();
  });

  it('shows an open shift’s X report as not closed', async () => {
    view = await renderRoutes(routes, '/admin/shifts/8');
    const { container } = view;
    await waitFor(() => expect(container.querySelector('.shift-sheet__title')?.textContent).toBe('X report — not closed'));
    expect(container.textContent).toContain('Web till');
  });

  it('says so when the server refuses the read', async () => {
    server.answers['GET /api/v1/shifts/9'] = envelope(403, { message: "You do not have permission to see the shop's shifts" });
    view = await renderRoutes(routes, '/admin/shifts/9');
    await waitFor(() => expect(view!.container.textContent).toContain("You do not have permission to see the shop's shifts"));
  });
});

describe('the dashboard’s shifts of a day', () => {
  it('lists the day’s shifts with status and difference, linking to each report', async () => {
    const day = '2026-11-26';
    server.answers[`GET /api/v1/shifts?from=${day}&to=${day}&limit=20`] = envelope(200, { data: [open, closed] });
    view = await renderRoutes([{ path: '/', element: <DayShiftsPanel timeZone="Indian/Maldives" currencyCode="MVR" /> }], '/');
    const { container } = view;
    const dayInput = container.querySelector<HTMLInputElement>('input[type="date"]')!;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(dayInput, day);
      dayInput.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitFor(() => expect(container.querySelectorAll('.day-shifts__row')).toHaveLength(2));
    await waitFor(() => expect(container.querySelector('.day-shifts__row:last-child')?.textContent).toContain('-MVR 2.50 short'));
    const texts = [...container.querySelectorAll('.day-shifts__row')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(texts).toEqual([
      ['SH-000008', 'Web till', 'Open', '—'],
      ['SH-000007', '7F3A', 'Closed', '-MVR 2.50 short'],
    ]);
    expect(container.querySelector('a[href="/admin/shifts/7"]')).not.toBeNull();
  });
});

describe('a staff member granted shift_read_all', () => {
  it('finds Shifts in the staff menu and opens a shift’s report in the staff area', async () => {
    server.answers['GET /api/v1/staff/check-logged'] = envelope(200, {
      data: { ...aishaAdmin, _id: 'user-2', role: 'staff', userName: 'Ben', shiftPermissions: ['shift_read_all'] },
    });
    view = await renderRoutes(routes, '/staff/shifts');
    const { container } = view;
    await waitFor(() => expect(container.querySelector('a[href="/staff/shifts/7"]')).not.toBeNull());
    const menu = container.querySelector('nav[aria-label="Staff menu"]')!;
    expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toContain('Shifts');
    // Only an admin lists the staff to filter by.
    expect(container.querySelector('#shift-filter-user')).toBeNull();
    await click(container.querySelector('a[href="/staff/shifts/7"]')!);
    await waitFor(() => expect(container.querySelector('.shift-sheet__title')?.textContent).toBe('Z report'));
    expect(container.querySelector('a[href="/staff/shifts"]')?.textContent).toContain('Shifts');
  });
});
