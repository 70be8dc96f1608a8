// @vitest-environment happy-dom
/** The admin's sync review (/admin/sync/review): what synced till sales recorded, as the admin reads it. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { loadBackOffice } from '../../test/back-office-core';
import { aishaAdmin, benStaff, cornerGrocery } from '../../test/identity-fixtures';
import { button, click, envelope, renderRoutes, waitFor } from '../../test/render';
import { link, rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import type { SaleFlag } from './sale-flags-api';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const firstPage = 'GET /api/v1/admin/sale-flags?limit=50';
const pageBefore = (id: string) => `GET /api/v1/admin/sale-flags?before=${id}&limit=50`;
/** 2:45 PM on Mar 5, 2025 in the Maldives (UTC+5), the shop's zone. */
const marchFifth = Date.UTC(2025, 2, 5, 9, 45);

const flag = (id: string, kind: string, detail: Record<string, unknown>, invoiceId = `inv-${id}`): SaleFlag => ({
  _id: id,
  invoiceId,
  invoiceNumber: `INV-0000${id.padStart(2, '0')}`,
  kind,
  detail,
  createdAt: marchFifth,
});

/** One flag of each kind, as the server writes them (amounts as JSON numbers). */
const everyKind: SaleFlag[] = [
  flag('9', 'price_difference', { chargedTotal: 3.0, catalogueTotal: 20.0 }),
  flag('8', 'negative_stock', { productId: '31', productName: 'Cola 330ml Can', quantityAfter: -2, unit: 'no' }),
  flag('7', 'deleted_product', { productId: '32', productName: 'Lemon Tea' }),
  flag('6', 'loyalty_shortfall', { customerId: '12', redeemed: 5, balance: 2.17, shortfall: 2.83 }),
  flag('5', 'total_mismatch', { tillTotal: 10.26, serverTotal: 10.25 }),
];

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent);

async function open(path: string, area: 'admin' | 'staff' = 'admin') {
  server.answers[`GET /api/v1/${area}/check-logged`] = envelope(200, { data: area === 'admin' ? aishaAdmin : benStaff });
  view = await renderRoutes(routes, path);
  return view;
}

// The invoice a flag links to is drawn by the back-office core.
beforeAll(loadBackOffice);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('sync review (/admin/sync/review)', () => {
  it('says each kind of flag in plain words, with money in the shop’s currency and the time in its zone', async () => {
    server.answers[firstPage] = envelope(200, { data: { rows: everyKind, more: false } });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(rows(container)).toHaveLength(5));
    expect(headers(container)).toEqual(['When', 'Invoice', 'Issue', 'What happened']);
    expect(rows(container)).toEqual([
      ['Mar 5, 2025, 2:45 PM', 'INV-000009', 'Price difference', 'Charged MVR 3.00; the catalogue now prices it at MVR 20.00'],
      ['Mar 5, 2025, 2:45 PM', 'INV-000008', 'Negative stock', 'Cola 330ml Can: stock went to \u22122 pcs'],
      ['Mar 5, 2025, 2:45 PM', 'INV-000007', 'Deleted product', 'Lemon Tea: sold after the product was deleted'],
      [
        'Mar 5, 2025, 2:45 PM', 'INV-000006', 'Loyalty shortfall',
        'Redeemed MVR 5.00 but only MVR 2.17 in points were left: MVR 2.83 not covered',
      ],
      [
        'Mar 5, 2025, 2:45 PM', 'INV-000005', 'Total mismatch',
        'The till\'s total MVR 10.26 differs from the server\'s MVR 10.25; the server\'s was kept',
      ],
    ]);
    expect(container.textContent).toContain('5 issues');
    expect(() => button(container, 'Load more')).toThrow();
  });

  it('writes amounts from their exact digits, large and fractional stock, and a shortfall with no points left', async () => {
    server.answers[firstPage] = envelope(200, {
      data: {
        rows: [
          flag('4', 'price_difference', { chargedTotal: 1234.5, catalogueTotal: 0.3 }),
          flag('3', 'negative_stock', { productId: '40', productName: 'Rice (loose)', quantityAfter: -0.125, unit: 'kg' }),
          flag('2', 'loyalty_shortfall', { customerId: '12', redeemed: 4.1, balance: 0, shortfall: 4.1 }),
          flag('1', 'refund_oddity', { anything: 1 }),
        ],
        more: false,
      },
    });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(rows(container)).toHaveLength(4));
    expect(rows(container).map((cells) => cells[3])).toEqual([
      'Charged MVR 1,234.50; the catalogue now prices it at MVR 0.30',
      'Rice (loose): stock went to \u22120.125 kg',
      'Redeemed MVR 4.10 but no points were left: MVR 4.10 not covered',
      'This version of the app cannot describe this issue',
    ]);
    expect(rows(container)[3]?.[2]).toBe('refund oddity');
  });

  it('says what store credit or gift card money two tills spent twice, from the decimal text the server writes', async () => {
    server.answers[firstPage] = envelope(200, {
      data: {
        rows: [
          flag('4', 'gift_card_shortfall', { card: 'GC00017788', spent: '30.00', balance: '12.50', shortfall: '17.50' }),
          flag('3', 'gift_card_shortfall', { card: 'GC00019999', spent: '25.00', balance: '0', shortfall: '25.00' }),
          flag('2', 'store_credit_shortfall', { customerId: '12', spent: '20.00', balance: '5.00', shortfall: '15.00' }),
          flag('1', 'gift_card_shortfall', { spent: '30.00', balance: '12.50', shortfall: '17.50' }),
        ],
        more: false,
      },
    });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(rows(container)).toHaveLength(4));
    expect(rows(container).map((cells) => cells.slice(2))).toEqual([
      ['Gift card shortfall', 'Spent MVR 30.00 from gift card GC00017788 but it had only MVR 12.50 left: MVR 17.50 not covered'],
      ['Gift card shortfall', 'Spent MVR 25.00 from gift card GC00019999 but it had nothing left: MVR 25.00 not covered'],
      ['Store credit shortfall', 'Spent MVR 20.00 of store credit but the customer had only MVR 5.00 left: MVR 15.00 not covered'],
      ['Gift card shortfall', 'The server sent this issue without its figures'],
    ]);
  });

  it('says which till time was not used, the time claimed and the time of arrival used instead, in the shop’s zone', async () => {
    const aYearBefore = Date.UTC(2024, 2, 5, 9, 45);
    const anHourAhead = marchFifth + 60 * 60 * 1000;
    server.answers[firstPage] = envelope(200, {
      data: {
        rows: [
          flag('4', 'time_out_of_window', { field: 'paidAt', claimedAt: 0, usedAt: marchFifth, reason: 'before_shop' }),
          flag('3', 'time_out_of_window', { field: 'createdAt', claimedAt: aYearBefore, usedAt: marchFifth, reason: 'too_old' }),
          flag('2', 'time_out_of_window', { field: 'paidAt', claimedAt: anHourAhead, usedAt: marchFifth, reason: 'ahead' }),
          flag('1', 'time_out_of_window', { field: 'paidAt', claimedAt: 0, usedAt: marchFifth }),
        ],
        more: false,
      },
    });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(rows(container)).toHaveLength(4));
    expect(rows(container).map((cells) => cells[2])).toEqual(Array(4).fill('Till time not used'));
    expect(rows(container).map((cells) => cells[3])).toEqual([
      "Paid at Jan 1, 1970, 5:00 AM by the till's clock, before the shop was created; dated Mar 5, 2025, 2:45 PM, when it reached the server",
      "Rung up at Mar 5, 2024, 2:45 PM by the till's clock, more than 7 days before it reached the server; dated Mar 5, 2025, 2:45 PM, when it reached the server",
      "Paid at Mar 5, 2025, 3:45 PM by the till's clock, more than 5 minutes ahead of the server's clock; dated Mar 5, 2025, 2:45 PM, when it reached the server",
      'The server sent this issue without its figures',
    ]);
  });

  it('links each flag’s invoice number to the admin’s invoice page', async () => {
    server.answers[firstPage] = envelope(200, { data: { rows: [flag('9', 'total_mismatch', { tillTotal: 1, serverTotal: 2 }, '42')], more: false } });
    server.answers['GET /api/v1/invoice/42'] = envelope(404, { message: 'Invoice not found' });
    const { container, pathname } = await open('/admin/sync/review');
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect(link(container, 'INV-000009').getAttribute('href')).toBe('/admin/invoice/data/42');
    await click(link(container, 'INV-000009'));
    await waitFor(() => expect(pathname()).toBe('/admin/invoice/data/42'));
  });

  it('loads older flags below the last one with Load more until there are no more', async () => {
    server.answers[firstPage] = envelope(200, { data: { rows: everyKind.slice(0, 2), more: true } });
    server.answers[pageBefore('8')] = envelope(200, { data: { rows: everyKind.slice(2, 4), more: true } });
    server.answers[pageBefore('6')] = envelope(200, { data: { rows: everyKind.slice(4), more: false } });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(container.textContent).toContain('The newest 2 issues; Load more shows older ones.');

    await click(button(container, 'Load more'));
    await waitFor(() => expect(rows(container)).toHaveLength(4));
    await click(button(container, 'Load more'));
    await waitFor(() => expect(rows(container)).toHaveLength(5));
    expect(rows(container).map((cells) => cells[1])).toEqual(['INV-000009', 'INV-000008', 'INV-000007', 'INV-000006', 'INV-000005']);
    expect(() => button(container, 'Load more')).toThrow();
    expect(sent(firstPage)).toHaveLength(1);
    expect(sent(pageBefore('8'))).toHaveLength(1);
    expect(sent(pageBefore('6'))).toHaveLength(1);
  });

  it('toasts a failed Load more and keeps the rows, so the button tries again', async () => {
    server.answers[firstPage] = envelope(200, { data: { rows: everyKind.slice(0, 2), more: true } });
    server.answers[pageBefore('8')] = envelope(500, 'oops');
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    await click(button(container, 'Load more'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to fetch sync issues!'));
    expect(rows(container)).toHaveLength(2);

    server.answers[pageBefore('8')] = envelope(200, { data: { rows: everyKind.slice(2), more: false } });
    await click(button(container, 'Load more'));
    await waitFor(() => expect(rows(container)).toHaveLength(5));
  });

  it('says so when every synced sale matched', async () => {
    server.answers[firstPage] = envelope(200, { data: { rows: [], more: false } });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(container.querySelector('tbody')?.textContent).toBe('No sync issues: every synced sale matched the catalogue'));
    expect(() => button(container, 'Load more')).toThrow();
  });

  it('shows that it is loading until the first page arrives', async () => {
    const gate = server.deferred(envelope(200, { data: { rows: everyKind.slice(0, 1), more: false } }));
    server.answers[firstPage] = gate.answer;
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(container.querySelector('.data-table [role="status"]')?.textContent).toBe('Loading sync issues…'));
    await act(async () => gate.release());
    await waitFor(() => expect(rows(container)).toHaveLength(1));
  });

  it('toasts the server’s message when the list cannot be fetched, and tries again on request', async () => {
    server.answers[firstPage] = envelope(500, { message: 'Database unavailable' });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Database unavailable'));
    expect(container.querySelector('tbody')?.textContent).toContain('Database unavailable');

    server.answers[firstPage] = envelope(200, { data: { rows: everyKind, more: false } });
    await click(button(container, 'Try again'));
    await waitFor(() => expect(rows(container)).toHaveLength(5));
    expect(sent(firstPage)).toHaveLength(2);
  });

  it('is in the admin’s menu after Invoices', async () => {
    server.answers[firstPage] = envelope(200, { data: { rows: [], more: false } });
    const { container } = await open('/admin/sync/review');
    await waitFor(() => expect(link(container, 'Sync Review').getAttribute('href')).toBe('/admin/sync/review'));
    const labels = [...container.querySelectorAll('nav a')].map((anchor) => anchor.textContent?.trim());
    expect(labels.indexOf('Sync Review')).toBe(labels.indexOf('Invoices') + 1);
  });
});

describe('sync review for staff', () => {
  it('has no route and no menu entry in the staff area, and never asks for the flags', async () => {
    const { container } = await open('/staff/sync/review', 'staff');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('ErrorPage'));
    expect([...container.querySelectorAll('a')].some((anchor) => anchor.textContent?.includes('Sync Review'))).toBe(false);
    expect(server.requests().some((request) => request.key.includes('sale-flags'))).toBe(false);
  });
});
