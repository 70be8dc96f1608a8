// @vitest-environment happy-dom
/** Coming back from Stripe's checkout: the success and cancel pages in both shop areas, a stubbed server. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { loadCore } from '@/test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, renderRoutes, waitFor } from '@/test/render';
import { link } from '@/test/screens';
import { stubServer } from '@/test/stub-server';
import { openOrder, paidInvoice } from '../invoices/test-fixtures';
import { partsBeforeCard, rememberPartsBeforeCard } from './parts-before-card';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);

async function open(path: string, area: 'admin' | 'staff' = 'admin') {
  server.answers[`GET /api/v1/${area}/check-logged`] = envelope(200, { data: area === 'admin' ? aishaAdmin : benStaff });
  view = await renderRoutes(routes, path);
  return view;
}

beforeAll(loadCore);
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
  sessionStorage.clear();
});

describe('the card payment success page', () => {
  it('asks the server to confirm the invoice with Stripe and shows it paid', async () => {
    const paidByCard = { ...paidInvoice, paymentMethod: 'digital' as const, cardStatus: 'paid' as const };
    server.answers['PUT /api/v1/payment/card/success/invoice/inv-7'] = envelope(200, { data: paidByCard });
    const { container } = await open('/admin/payment/success?invoice=inv-7');
    await waitFor(() => expect(container.textContent).toContain('Payment successful.'));
    expect(container.textContent).toContain('INV-000007 is paid by card: MVR 109.50.');
    expect(sent('PUT /api/v1/payment/card/success/invoice/inv-7').length).toBeGreaterThan(0);
    expect(link(container, 'Back to open orders').getAttribute('href')).toBe('/admin/open/orders');
    expect(link(container, 'View invoice').getAttribute('href')).toBe('/admin/invoice/data/inv-7');
    expect(document.querySelector('.print-copy')?.textContent).toContain('Payment methodStripe');
  });

  it('says how a sale the card paid the rest of was paid, from the server’s parts, and forgets the parts it remembered', async () => {
    rememberPartsBeforeCard('inv-7', [{ method: 'cash', amount: '20' }]);
    const split = {
      ...paidInvoice, totalAmount: 47.33, paymentMethod: 'digital' as const, cardStatus: 'paid' as const,
      tenders: [{ method: 'cash' as const, amount: 20, refunded: 0 }, { method: 'digital' as const, amount: 27.33, refunded: 0 }],
    };
    server.answers['PUT /api/v1/payment/card/success/invoice/inv-7'] = envelope(200, { data: split });
    const { container } = await open('/admin/payment/success?invoice=inv-7');
    await waitFor(() => expect(container.textContent).toContain('Payment successful.'));
    expect(container.textContent).toContain('INV-000007 is paid: MVR 20.00 cash and MVR 27.33 by card.');
    expect(container.textContent).not.toContain('paid by card: MVR 47.33');
    await waitFor(() => expect(partsBeforeCard('inv-7')).toEqual([]));
  });

  it('names each part of a longer split, a gift card by its last 4', async () => {
    const split = {
      ...paidInvoice, totalAmount: 47.33, paymentMethod: 'digital' as const, cardStatus: 'paid' as const,
      tenders: [
        { method: 'internal-device' as const, amount: 5, refunded: 0 },
        { method: 'gift-card' as const, amount: 10, refunded: 0, card: 'GC00017788' },
        { method: 'digital' as const, amount: 32.33, refunded: 0 },
      ],
    };
    server.answers['PUT /api/v1/payment/card/success/invoice/inv-7'] = envelope(200, { data: split });
    const { container } = await open('/staff/payment/success?invoice=inv-7', 'staff');
    await waitFor(() => expect(container.textContent).toContain('Payment successful.'));
    expect(container.textContent).toContain('INV-000007 is paid: MVR 5.00 by swipe, MVR 10.00 from gift card ••7788 and MVR 32.33 by card.');
  });

  it('says when Stripe has not confirmed the payment and checks again on request', async () => {
    server.answers['PUT /api/v1/payment/card/success/invoice/inv-7'] = envelope(409, { message: 'Stripe has not confirmed this payment' });
    const { container } = await open('/staff/payment/success?invoice=inv-7', 'staff');
    await waitFor(() => expect(container.textContent).toContain('Payment not confirmed yet'));
    expect(container.textContent).toContain('Stripe has not confirmed this payment');
    expect(notify.error).not.toHaveBeenCalled();
    expect(link(container, 'Back to open orders').getAttribute('href')).toBe('/staff/open/orders');

    server.answers['PUT /api/v1/payment/card/success/invoice/inv-7'] = envelope(200, { data: paidInvoice });
    const before = sent('PUT /api/v1/payment/card/success/invoice/inv-7').length;
    await click(button(container, 'Check again'));
    await waitFor(() => expect(container.textContent).toContain('Payment successful.'));
    expect(sent('PUT /api/v1/payment/card/success/invoice/inv-7').length).toBe(before + 1);
  });

  it('toasts any other failure and offers a retry', async () => {
    server.answers['PUT /api/v1/payment/card/success/invoice/inv-7'] = envelope(404, { message: 'Invoice not found' });
    const { container } = await open('/admin/payment/success?invoice=inv-7');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invoice not found'));
    button(container, 'Try again');
  });

  it('calls nothing when the link names no invoice', async () => {
    const { container } = await open('/admin/payment/success');
    await waitFor(() => expect(container.textContent).toContain('This link names no invoice.'));
    expect(server.requests().filter((request) => request.key.includes('/payment/'))).toHaveLength(0);
  });
});

describe('the card payment cancel page', () => {
  it('marks the attempt failed and says the order is still open', async () => {
    server.answers['PUT /api/v1/payment/card/failed/invoice/inv-7'] = envelope(200, { data: { ...openOrder, cardStatus: 'failed' } });
    const { container } = await open('/staff/payment/cancel?invoice=inv-7', 'staff');
    await waitFor(() => expect(container.textContent).toContain('The card payment was cancelled'));
    expect(container.textContent).toContain('Nothing was charged. INV-000007 is still open (MVR 109.50)');
    expect(sent('PUT /api/v1/payment/card/failed/invoice/inv-7').length).toBeGreaterThan(0);
    expect(link(container, 'Open the order').getAttribute('href')).toBe('/staff/open/orders/data/inv-7');
    expect(container.textContent).not.toContain('Taken at the counter');
  });

  it('tells the cashier what was taken at the counter before the card, then forgets it', async () => {
    rememberPartsBeforeCard('inv-7', [
      { method: 'cash', amount: '20' },
      { method: 'internal-device', amount: '5' },
      { method: 'gift-card', amount: '3', card: 'GC00017788' },
    ]);
    server.answers['PUT /api/v1/payment/card/failed/invoice/inv-7'] = envelope(200, { data: { ...openOrder, cardStatus: 'failed' } });
    const { container } = await open('/admin/payment/cancel?invoice=inv-7');
    await waitFor(() => expect(container.textContent).toContain('The card payment was cancelled'));
    expect(container.textContent).toContain(
      'Taken at the counter before the card: Cash MVR 20.00, Swipe MVR 5.00. Take the rest another way, or give these back.',
    );
    expect(container.textContent).toContain('Nothing was taken from the gift card.');
    await waitFor(() => expect(partsBeforeCard('inv-7')).toEqual([]));
    // Forgotten, yet still said on the page the cashier is reading.
    expect(container.textContent).toContain('Taken at the counter before the card: Cash MVR 20.00');
  });

  it('says a store credit part took nothing, when it was the only part', async () => {
    rememberPartsBeforeCard('inv-7', [{ method: 'store-credit', amount: '12.5' }]);
    server.answers['PUT /api/v1/payment/card/failed/invoice/inv-7'] = envelope(200, { data: { ...openOrder, cardStatus: 'failed' } });
    const { container } = await open('/admin/payment/cancel?invoice=inv-7');
    await waitFor(() => expect(container.textContent).toContain('The card payment was cancelled'));
    expect(container.textContent).toContain('Nothing was taken from the store credit.');
    expect(container.textContent).not.toContain('Taken at the counter');
  });
});
