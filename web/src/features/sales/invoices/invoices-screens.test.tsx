// @vitest-environment happy-dom
/** The invoices list and one invoice with its refunds, as an admin and a staff member meet them. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { signedOut, useAuthStore } from '../../../stores/auth-store';
import { searchDefaults, useSearchStore } from '../../../stores/search-store';
import { loadBackOffice } from '../../../test/back-office-core';
import { loadCore } from '../../../test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '../../../test/identity-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../../../test/render';
import { fieldError, link, rows } from '../../../test/screens';
import { stubServer } from '../../../test/stub-server';
import { browser } from '../payment/browser';
import { customInvoice, paidInvoice, partlyRefunded } from './test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));
vi.mock('../payment/browser', () => ({ browser: { goTo: vi.fn(), print: vi.fn() } }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent);
const tab = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((candidate) => candidate.textContent === name)!;

/** The browser's report of focus leaving a field, which React hears as onBlur. */
const leave = (input: HTMLElement) =>
  act(async () => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });

async function open(path: string, area: 'admin' | 'staff' = 'admin') {
  server.answers[`GET /api/v1/${area}/check-logged`] = envelope(200, { data: area === 'admin' ? aishaAdmin : benStaff });
  view = await renderRoutes(routes, path);
  return view;
}

beforeAll(async () => {
  await loadCore();
  await loadBackOffice();
});
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSearchStore.setState(searchDefaults);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/invoice?status=paid'] = envelope(200, { data: [paidInvoice, partlyRefunded] });
  server.answers['GET /api/v1/invoice?status=refunded'] = envelope(200, { data: [partlyRefunded] });
  server.answers['GET /api/v1/invoice?status=custom'] = envelope(200, {
    data: [{ ...customInvoice, customerDetailsCustom: { userName: 'Reef Resort', phoneNumber: '7790000', email: '', address: '' }, totalAmount: 450 }],
  });
  server.answers['GET /api/v1/invoice/inv-7'] = envelope(200, { data: paidInvoice });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('invoices (/admin/invoices)', () => {
  it('lists the paid invoices first, then fetches each tab by its status', async () => {
    const { container } = await open('/admin/invoices');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(tab(container, 'Paid').getAttribute('aria-selected')).toBe('true');
    expect(headers(container)).toEqual(['Invoice no', 'Date', 'Customer', 'Staff', 'Payment method', 'Total (MVR)', 'Refunded (MVR)']);
    expect(rows(container)[0]).toEqual(['INV-000007', 'Mar 5, 2025, 2:45 PM', 'Aisha Ali', 'Ben (staff)', 'Cash', '109.50', '0.00']);
    expect(rows(container)[1]?.slice(4)).toEqual(['Swipe', '109.50', '20.00']);

    await click(tab(container, 'Refunded'));
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect(rows(container)[0]?.[0]).toBe('INV-000005');

    await click(tab(container, 'Custom'));
    await waitFor(() => expect(rows(container)[0]?.[2]).toBe('Reef Resort'));
    expect(headers(container)).toEqual(['Invoice no', 'Date', 'Customer', 'Staff', 'Total (MVR)']);
    expect(sent('GET /api/v1/invoice?status=paid')).toHaveLength(1);
    expect(sent('GET /api/v1/invoice?status=refunded')).toHaveLength(1);
    expect(sent('GET /api/v1/invoice?status=custom')).toHaveLength(1);
  });

  it('searches by number, customer or staff, and a row opens the invoice', async () => {
    const { container, pathname } = await open('/admin/invoices');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    typeInto(container.querySelector<HTMLInputElement>('input[type="search"]')!, '000005');
    expect(rows(container).map((cells) => cells[0])).toEqual(['INV-000005']);
    expect(container.textContent).toContain('1 of 2 invoices');
    typeInto(container.querySelector<HTMLInputElement>('input[type="search"]')!, '');
    await click(container.querySelectorAll('tbody tr')[0]!);
    await waitFor(() => expect(pathname()).toBe('/admin/invoice/data/inv-7'));
  });

  it('toasts SPEC’s fallback when the list cannot be fetched', async () => {
    server.answers['GET /api/v1/invoice?status=paid'] = envelope(500, 'oops');
    await open('/admin/invoices');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to fetch invoice'));
  });
});

describe('one invoice (/admin|staff/invoice/data/{id})', () => {
  it('shows the receipt and prints it', async () => {
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.textContent).toContain('Invoice INV-000007'));
    expect(container.textContent).toContain('Corner Grocery');
    expect(container.textContent).toContain('Basmati rice');
    expect(container.textContent).toContain('Mar 5, 2025, 2:45 PM');
    expect(link(container, 'Invoices').getAttribute('href')).toBe('/admin/invoices');
    await click(button(container, 'Print'));
    expect(browser.print).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.print-copy')?.textContent).toContain('INV-000007');
  });

  it('sends a refund by amount when the admin leaves the field, and shows what is left', async () => {
    server.answers['PUT /api/v1/payment/inv-7/invoice'] = envelope(200, { data: { ...paidInvoice, refundedAmount: 20 } });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.textContent).toContain('RemainingMVR 109.50'));
    const amount = field(container, 'Refund amount');
    typeInto(amount, '20');
    expect(sent('PUT /api/v1/payment/inv-7/invoice')).toHaveLength(0);
    await leave(amount);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Refund accepted'));
    expect(sent('PUT /api/v1/payment/inv-7/invoice').map((request) => request.body)).toEqual([{ amount: '20' }]);
    expect(container.textContent).toContain('RefundedMVR 20.00');
    expect(container.textContent).toContain('RemainingMVR 89.50');
    expect(field(container, 'Refund amount').value).toBe('');
  });

  it('refuses in place an amount over what can still be refunded, sending nothing', async () => {
    server.answers['GET /api/v1/invoice/inv-5'] = envelope(200, { data: partlyRefunded });
    const { container } = await open('/admin/invoice/data/inv-5');
    await waitFor(() => expect(container.textContent).toContain('RemainingMVR 89.50'));
    const amount = field(container, 'Refund amount');
    typeInto(amount, '100');
    press(amount, 'Enter');
    await leave(amount);
    expect(fieldError(amount)).toBe('Refund of 100.00 exceeds the 89.50 that can still be refunded');
    expect(sent('PUT /api/v1/payment/inv-5/invoice')).toHaveLength(0);
  });

  it('shows the server’s refusal of a refund', async () => {
    server.answers['PUT /api/v1/payment/inv-7/invoice'] = envelope(502, { message: 'Stripe refused the refund' });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => field(container, 'Refund amount'));
    typeInto(field(container, 'Refund amount'), '5');
    await leave(field(container, 'Refund amount'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Stripe refused the refund'));
    expect(fieldError(field(container, 'Refund amount'))).toBe('Stripe refused the refund');
  });

  it('refunds returned goods by line with the core’s amount shown first', async () => {
    const afterReturn = { ...paidInvoice, refundedAmount: 40.5, products: [{ ...paidInvoice.products[0]!, refundedQuantity: 1 }, paidInvoice.products[1]!] };
    server.answers['PUT /api/v1/payment/inv-7/invoice'] = envelope(200, { data: afterReturn });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.textContent).toContain('Or return goods'));
    const rice = container.querySelector<HTMLInputElement>('input[aria-label="Return quantity of Basmati rice"]')!;
    typeInto(rice, '3');
    expect(container.querySelector('[role="alert"]')?.textContent).not.toBe('');
    expect(button(container, 'Refund returned goods').disabled).toBe(true);
    typeInto(rice, '1');
    expect(container.textContent).toContain('Refund for these goods: MVR 40.50');
    await click(button(container, 'Refund returned goods'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Refund accepted'));
    expect(sent('PUT /api/v1/payment/inv-7/invoice').map((request) => request.body)).toEqual([{ products: [{ productId: 'prod-1', quantity: '1' }] }]);
    expect(container.textContent).toContain('RefundedMVR 40.50');
  });

  it('gives a staff member the receipt without any refund controls', async () => {
    const { container } = await open('/staff/invoice/data/inv-7', 'staff');
    await waitFor(() => expect(container.textContent).toContain('Invoice INV-000007'));
    expect(container.textContent).not.toContain('Refund');
    expect(container.querySelectorAll('input')).toHaveLength(0);
    expect(link(container, 'Open orders').getAttribute('href')).toBe('/staff/open/orders');
  });

  it('says plainly when the shop has no such invoice', async () => {
    server.answers['GET /api/v1/invoice/nope'] = envelope(404, { message: 'Invoice not found' });
    const { container } = await open('/admin/invoice/data/nope');
    await waitFor(() => expect(container.textContent).toContain('This shop has no such invoice.'));
    expect(notify.error).not.toHaveBeenCalled();
  });
});
