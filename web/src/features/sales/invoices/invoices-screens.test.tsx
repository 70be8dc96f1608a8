// @vitest-environment happy-dom
/**
 * The invoices list (searched, filtered and paged by the server) and one invoice with its
 * refunds, as an admin and a staff member meet them.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { searchDefaults, useSearchStore } from '@/stores/search-store';
import { loadBackOffice } from '@/test/back-office-core';
import { loadCore } from '@/test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, field, renderRoutes, typeInto, waitFor } from '@/test/render';
import type { WireInvoice } from '@/types/invoice-wire';
import { fieldError, link, openDialog, rows } from '@/test/screens';
import { stubServer } from '@/test/stub-server';
import { browser } from '../payment/browser';
import { customInvoice, paidInvoice, partlyRefunded } from './test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));
vi.mock('../payment/browser', () => ({ browser: { goTo: vi.fn(), print: vi.fn() } }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent);
const tab = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((candidate) => candidate.textContent === name)!;
const list = (query: string) => `GET /api/v1/invoice?${query}`;
const paidList = list('status=paid&limit=50');
const search = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="search"]')!;

/** A page of the invoice list, with the `Link` to the next one while more follow. */
function page(invoices: WireInvoice[], next?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (next) headers.Link = `<${next}>; rel="next"`;
  return new Response(JSON.stringify({ success: true, message: 'Invoices', data: invoices }), { status: 200, headers });
}

const older = { ...paidInvoice, _id: 'inv-3', invoiceNumber: 'INV-000003', receiptNumber: 'R-000002', totalAmount: 12 };

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
  server.answers[paidList] = envelope(200, { data: [paidInvoice, partlyRefunded] });
  server.answers[list('status=refunded&limit=50')] = envelope(200, { data: [{ ...partlyRefunded, refundedAt: Date.UTC(2025, 3, 1, 6, 0) }] });
  server.answers[list('status=custom&limit=50')] = envelope(200, {
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
    expect(rows(container)[0]).toEqual(['INV-000007Receipt R-000006', 'Mar 5, 2025, 2:45 PM', 'Aisha Ali', 'Ben (staff)', 'Cash', '109.50', '0.00']);
    expect(rows(container)[1]?.slice(4)).toEqual(['Swipe', '109.50', '20.00']);

    await click(tab(container, 'Refunded'));
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect(headers(container)[1]).toBe('Refund date');
    expect(rows(container)[0]?.slice(0, 2)).toEqual(['INV-000005Receipt R-000004', 'Apr 1, 2025, 11:00 AM']);

    await click(tab(container, 'Custom'));
    await waitFor(() => expect(rows(container)[0]?.[2]).toBe('Reef Resort'));
    expect(headers(container)).toEqual(['Invoice no', 'Date', 'Customer', 'Staff', 'Total (MVR)']);
    expect(sent(paidList)).toHaveLength(1);
    expect(sent(list('status=refunded&limit=50'))).toHaveLength(1);
    expect(sent(list('status=custom&limit=50'))).toHaveLength(1);
  });

  it('asks the server for what is typed once the typing pauses, and a row opens the invoice', async () => {
    server.answers[list('status=paid&limit=50&search=7771234')] = envelope(200, { data: [partlyRefunded] });
    const { container, pathname } = await open('/admin/invoices');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    typeInto(search(container), '777');
    typeInto(search(container), '7771234');
    await waitFor(() => expect(rows(container).map((cells) => cells[0])).toEqual(['INV-000005Receipt R-000004']));
    expect(container.textContent).toContain('1 matching invoice');
    // Only the text the typing paused on was sent, not each key.
    expect(server.requests().filter((request) => request.key.includes('search='))).toHaveLength(1);
    await click(container.querySelectorAll('tbody tr')[0]!);
    await waitFor(() => expect(pathname()).toBe('/admin/invoice/data/inv-5'));
  });

  it('says when nothing matches', async () => {
    server.answers[list('status=paid&limit=50&search=nobody')] = envelope(200, { data: [] });
    const { container } = await open('/admin/invoices');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    typeInto(search(container), 'nobody');
    await waitFor(() => expect(container.textContent).toContain('No invoice matches the search and filters.'));
  });

  it('loads more below the rows shown, never showing an invoice twice, until the last page', async () => {
    const second = list('status=paid&limit=50&after=cGFpZDo1');
    server.answers[paidList] = page([paidInvoice, partlyRefunded], '/api/v1/invoice?status=paid&limit=50&after=cGFpZDo1');
    const more = server.deferred(page([partlyRefunded, older]));
    server.answers[second] = more.answer;
    const { container } = await open('/admin/invoices');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(container.textContent).toContain('The newest 2 invoices; Load more shows older ones.');
    await click(button(container, 'Load more'));
    expect(button(container, 'Loading more…').disabled).toBe(true);
    more.release();
    await waitFor(() => expect(rows(container).map((cells) => cells[0])).toEqual(['INV-000007Receipt R-000006', 'INV-000005Receipt R-000004', 'INV-000003Receipt R-000002']));
    expect(() => button(container, 'Load more')).toThrow();
    expect(container.textContent).toContain('3 invoices');
    expect(sent(second)).toHaveLength(1);
  });

  it('sends the filters it can, and shows at the field what it cannot send', async () => {
    const narrowed = list('status=paid&limit=50&from=2025-03-01&to=2025-03-31&method=cash&minAmount=100');
    server.answers[narrowed] = envelope(200, { data: [paidInvoice] });
    const { container } = await open('/admin/invoices');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    typeInto(field(container, 'Paid from'), '2025-03-01');
    typeInto(field(container, 'Paid to'), '2025-03-31');
    const method = container.querySelector<HTMLSelectElement>('#invoice-filter-method')!;
    await act(async () => {
      method.value = 'cash';
      method.dispatchEvent(new Event('change', { bubbles: true }));
    });
    typeInto(field(container, 'Total from'), '100');
    typeInto(field(container, 'Total to'), '99.999');
    await waitFor(() => expect(sent(narrowed)).toHaveLength(1));
    expect(fieldError(field(container, 'Total to'))).toBe('Enter an amount like 12.50');
    expect(server.requests().some((request) => request.key.includes('maxAmount'))).toBe(false);
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    await click(button(container, 'Clear filters'));
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(field(container, 'Total to').value).toBe('');
  });

  it('toasts SPEC’s fallback when the list cannot be fetched', async () => {
    server.answers[paidList] = envelope(500, 'oops');
    await open('/admin/invoices');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to fetch invoice'));
  });
});

describe('one invoice (/admin|staff/invoice/data/{id})', () => {
  it('shows the receipt and prints it', async () => {
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.textContent).toContain('Invoice INV-000007'));
    // The paid sale's receipt number heads the receipt; the invoice number follows it.
    expect(container.querySelector('.receipt__number')?.textContent).toBe('Receipt R-000006');
    expect(container.textContent).toContain('Paid · Receipt R-000006');
    expect(container.textContent).toContain('Corner Grocery');
    expect(container.textContent).toContain('Basmati rice');
    expect(container.textContent).toContain('Mar 5, 2025, 2:45 PM');
    expect(link(container, 'Invoices').getAttribute('href')).toBe('/admin/invoices');
    await click(button(container, 'Print'));
    expect(browser.print).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.print-copy')?.textContent).toContain('INV-000007');
    expect(document.querySelector('.print-copy')?.textContent).toContain('Receipt R-000006');
  });

  it('shows a sale paid in parts: each part with what was refunded of it, and the cash received, change and rounding on the receipt', async () => {
    server.answers['GET /api/v1/invoice/inv-5'] = envelope(200, {
      data: {
        ...partlyRefunded,
        tenders: [{ method: 'internal-device', amount: 60, refunded: 20 }, { method: 'cash', amount: 49.5, refunded: 0 }],
        cashReceived: 50, change: 0.48, rounding: 0.02,
      },
    });
    const { container } = await open('/admin/invoice/data/inv-5');
    await waitFor(() => expect(container.querySelector('.invoice-tenders')).not.toBeNull());
    const parts = [...container.querySelectorAll('.invoice-tenders tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(parts).toEqual([
      ['Swipe', 'MVR 60.00', 'MVR 20.00'],
      ['Cash', 'MVR 49.50', 'MVR 0.00'],
    ]);
    const receipt = container.querySelector('.receipt')!.textContent;
    expect(receipt).toContain('Payment methodSwipe');
    expect(receipt).toContain('SwipeMVR 60.00CashMVR 49.50Cash receivedMVR 50.00ChangeMVR 0.48Cash roundingMVR 0.02');
  });

  it('says where a refund of a sale paid in parts goes back, by core, before it is sent', async () => {
    const split = { ...paidInvoice, paymentMethod: 'internal-device', tenders: [{ method: 'internal-device', amount: 60, refunded: 0 }, { method: 'cash', amount: 49.5, refunded: 0 }] };
    server.answers['GET /api/v1/invoice/inv-7'] = envelope(200, { data: split });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.textContent).toContain('RemainingMVR 109.50'));
    typeInto(field(container, 'Refund amount'), '55');
    await click(button(container, 'Refund amount…'));
    expect(openDialog()?.textContent).toContain('Goes back as Swipe MVR 5.50, Cash MVR 49.50. A refund cannot be undone.');
  });

  it('prints no part, change or rounding for a sale paid by card', async () => {
    server.answers['GET /api/v1/invoice/inv-7'] = envelope(200, {
      data: { ...paidInvoice, paymentMethod: 'digital', tenders: [{ method: 'digital', amount: 109.5, refunded: 0 }], cashReceived: null, change: 0, rounding: 0 },
    });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.querySelector('.invoice-tenders')).not.toBeNull());
    const receipt = container.querySelector('.receipt')!.textContent;
    expect(receipt).toContain('CardMVR 109.50');
    expect(receipt).not.toContain('Cash received');
    expect(receipt).not.toContain('Change');
    expect(receipt).not.toContain('Cash rounding');
  });

  it('asks before refunding an amount, naming it, and shows what is left once confirmed', async () => {
    server.answers['PUT /api/v1/payment/inv-7/invoice'] = envelope(200, { data: { ...paidInvoice, refundedAmount: 20 } });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.textContent).toContain('RemainingMVR 109.50'));
    const amount = field(container, 'Refund amount');
    typeInto(amount, '20');
    // Leaving the field moves no money.
    await leave(amount);
    expect(openDialog()).toBeNull();
    await click(button(container, 'Refund amount…'));
    expect(openDialog()?.textContent).toContain('Refund MVR 20.00 of INV-000007?');
    expect(openDialog()?.textContent).toContain('Paid by Cash.');
    await click(button(openDialog()!, 'Cancel'));
    expect(sent('PUT /api/v1/payment/inv-7/invoice')).toHaveLength(0);

    await click(button(container, 'Refund amount…'));
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Refund accepted', { id: 'refund-accepted', position: 'top-right' }));
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
    await click(button(container, 'Refund amount…'));
    expect(fieldError(amount)).toBe('Refund of 100.00 exceeds the 89.50 that can still be refunded');
    expect(openDialog()).toBeNull();
    expect(sent('PUT /api/v1/payment/inv-5/invoice')).toHaveLength(0);
  });

  it('shows the server’s refusal of a refund', async () => {
    server.answers['PUT /api/v1/payment/inv-7/invoice'] = envelope(502, { message: 'Stripe refused the refund' });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => field(container, 'Refund amount'));
    typeInto(field(container, 'Refund amount'), '5');
    await click(button(container, 'Refund amount…'));
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Stripe refused the refund'));
    expect(fieldError(field(container, 'Refund amount'))).toBe('Stripe refused the refund');
  });

  it('refunds returned goods by line with the core’s amount shown first and confirmed', async () => {
    const afterReturn = { ...paidInvoice, refundedAmount: 40.5, products: [{ ...paidInvoice.products[0]!, refundedQuantity: 1 }, paidInvoice.products[1]!] };
    server.answers['PUT /api/v1/payment/inv-7/invoice'] = envelope(200, { data: afterReturn });
    const { container } = await open('/admin/invoice/data/inv-7');
    await waitFor(() => expect(container.textContent).toContain('Or return goods'));
    const rice = container.querySelector<HTMLInputElement>('input[aria-label="Return quantity of Basmati rice"]')!;
    typeInto(rice, '3');
    expect(container.querySelector('[role="alert"]')?.textContent).not.toBe('');
    expect(button(container, 'Refund returned goods…').disabled).toBe(true);
    typeInto(rice, '1');
    expect(container.textContent).toContain('Refund for these goods: MVR 40.50');
    await click(button(container, 'Refund returned goods…'));
    expect(openDialog()?.textContent).toContain('Refund MVR 40.50 for the returned goods?');
    expect(openDialog()?.textContent).toContain('Returned: 1 kg Basmati rice. They go back into stock.');
    expect(sent('PUT /api/v1/payment/inv-7/invoice')).toHaveLength(0);
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Refund accepted', { id: 'refund-accepted', position: 'top-right' }));
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
