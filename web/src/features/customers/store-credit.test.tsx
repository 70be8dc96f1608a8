// @vitest-environment happy-dom
/** A customer's store credit on their page: the balance, the ledger in words, and topping it up. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { loadBackOffice } from '@/test/back-office-core';
import { loadCore } from '@/test/core';
import { aishaAdmin, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, field, renderRoutes, typeInto, waitFor } from '@/test/render';
import { rows } from '@/test/screens';
import { stubServer } from '@/test/stub-server';
import { aishaWithInvoices } from '@/test/customer-fixtures';
import type { CustomerWithInvoices } from '@/features/customers';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const creditRoute = 'POST /api/v1/customer/c-1/store-credit';
const ledger = {
  balance: 12.5,
  entries: [
    { _id: 'sc-3', kind: 'payment', amount: -7.5, invoiceId: 'inv-42', method: null, note: '', createdAt: Date.UTC(2025, 2, 6, 4, 0) },
    { _id: 'sc-2', kind: 'refund', amount: 10, invoiceId: 'inv-41', method: null, note: '', createdAt: Date.UTC(2025, 2, 2, 4, 0) },
    { _id: 'sc-1', kind: 'top-up', amount: 10, invoiceId: null, method: 'cash', note: 'Birthday gift', createdAt: Date.UTC(2025, 2, 1, 4, 0) },
  ],
};

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sentBodies = () => server.requests().filter((request) => request.key === creditRoute).map((request) => request.body as Record<string, unknown>);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const balanceText = () => document.querySelector('.store-credit__balance')?.textContent;
/** The ledger is the page's second table, after the invoices. */
const ledgerRows = () => rows(view!.container.querySelectorAll('table')[1] as HTMLElement);

async function openCustomer(customer: CustomerWithInvoices = { ...aishaWithInvoices, storeCredit: 12.5 }) {
  server.answers['GET /api/v1/customer/c-1'] = envelope(200, { data: customer });
  view = await renderRoutes(routes, '/admin/customer/view/invoice/c-1');
  await waitFor(() => expect(view!.container.querySelector('h1')?.textContent).toBe(customer.customerName));
  return view.container;
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
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: { ...aishaAdmin, permissions: ['customer_read'] } });
  server.answers['GET /api/v1/customer/c-1/store-credit'] = envelope(200, { data: ledger });
  vi.stubGlobal('crypto', { ...globalThis.crypto, randomUUID: vi.fn().mockReturnValueOnce('ref-1').mockReturnValueOnce('ref-2') });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a customer’s store credit', () => {
  it('shows the balance and the ledger, newest first, each kind in words', async () => {
    await openCustomer();
    await waitFor(() => expect(ledgerRows()).toHaveLength(3));
    expect(balanceText()).toBe('Store credit MVR 12.50');
    // Corner Grocery is in Indian/Maldives (UTC+5).
    expect(ledgerRows()).toEqual([
      ['Mar 6, 2025, 9:00 AM', 'Spent on a sale', '-7.50', '—'],
      ['Mar 2, 2025, 9:00 AM', 'Refund', '10.00', '—'],
      ['Mar 1, 2025, 9:00 AM', 'Top-up (Cash)', '10.00', 'Birthday gift'],
    ]);
  });

  it('adds store credit after a confirmation naming the amount and the customer, and shows the new balance', async () => {
    server.answers[creditRoute] = envelope(201, {
      message: 'Store credit added',
      data: { balance: 37.5, entry: { _id: 'sc-4', kind: 'top-up', amount: 25, invoiceId: null, method: 'cash', note: 'Deposit', createdAt: Date.UTC(2025, 2, 7, 4, 0) } },
    });
    const container = await openCustomer();
    await waitFor(() => expect(ledgerRows()).toHaveLength(3));
    await click(button(container, 'Add store credit'));
    typeInto(field(dialog()!, 'Amount (MVR)'), '2x');
    await click(button(dialog()!, 'Continue'));
    expect(dialog()!.textContent).toContain('Enter an amount like 25.00');
    typeInto(field(dialog()!, 'Amount (MVR)'), '25');
    typeInto(field(dialog()!, 'Note (optional)'), 'Deposit');
    await click(button(dialog()!, 'Continue'));
    await waitFor(() => expect(dialog()!.textContent).toContain('Add MVR 25.00 store credit for Aisha Ali, paid in cash?'));
    expect(sentBodies()).toEqual([]);

    await click(button(dialog()!, 'Add'));
    await waitFor(() => expect(dialog()!.textContent).toContain('Store credit added. New balance: MVR 37.50'));
    expect(sentBodies()).toEqual([{ amount: '25', method: 'cash', note: 'Deposit', ref: 'ref-1' }]);
    expect(balanceText()).toBe('Store credit MVR 37.50');
    expect(ledgerRows()[0]).toEqual(['Mar 7, 2025, 9:00 AM', 'Top-up (Cash)', '25.00', 'Deposit']);
    await click(button(dialog()!, 'Done'));
    expect(dialog()).toBeNull();

    // The next top-up is another: a fresh ref.
    await click(button(container, 'Add store credit'));
    typeInto(field(dialog()!, 'Amount (MVR)'), '5.50');
    await click(button(dialog()!, 'Continue'));
    await waitFor(() => expect(button(dialog()!, 'Add')).toBeTruthy());
    await click(button(dialog()!, 'Add'));
    await waitFor(() => expect(sentBodies()).toHaveLength(2));
    expect(sentBodies()[1]).toEqual({ amount: '5.50', method: 'cash', ref: 'ref-2' });
  });

  it('refuses what core refuses before asking, without sending anything', async () => {
    const container = await openCustomer();
    await click(button(container, 'Add store credit'));
    typeInto(field(dialog()!, 'Amount (MVR)'), '2000000');
    await click(button(dialog()!, 'Continue'));
    await waitFor(() => expect(dialog()!.textContent).toContain('A top-up is at most 1000000.00'));
    typeInto(field(dialog()!, 'Amount (MVR)'), '0');
    await click(button(dialog()!, 'Continue'));
    await waitFor(() => expect(dialog()!.textContent).toContain('Amount must be more than 0'));
    expect(sentBodies()).toEqual([]);
  });

  it('says a swipe top-up as such, shows the server’s refusal in place, and a retry keeps the same ref', async () => {
    server.answers[creditRoute] = envelope(409, { message: 'This top-up ref was recorded with other details' });
    const container = await openCustomer();
    await click(button(container, 'Add store credit'));
    typeInto(field(dialog()!, 'Amount (MVR)'), '2000');
    await click(dialog()!.querySelector<HTMLInputElement>('input[type="radio"][value="internal-device"]')!);
    await click(button(dialog()!, 'Continue'));
    await waitFor(() => expect(dialog()!.textContent).toContain('Add MVR 2,000.00 store credit for Aisha Ali, paid by swipe?'));
    await click(button(dialog()!, 'Add'));
    await waitFor(() => expect(dialog()!.querySelector('[role="alert"]')?.textContent).toBe('This top-up ref was recorded with other details'));
    await click(button(dialog()!, 'Add'));
    await waitFor(() => expect(sentBodies()).toHaveLength(2));
    expect(sentBodies().map((body) => [body.method, body.ref])).toEqual([
      ['internal-device', 'ref-1'],
      ['internal-device', 'ref-1'],
    ]);
    expect(balanceText()).toBe('Store credit MVR 12.50');
  });

  it('offers no top-up to the walk-in customer', async () => {
    server.answers['GET /api/v1/customer/c-1/store-credit'] = envelope(200, { data: { balance: 0, entries: [] } });
    const container = await openCustomer({ ...aishaWithInvoices, customerName: 'Walk-in customer', phoneNumber: '', walkIn: true });
    await waitFor(() => expect(ledgerRows()).toEqual([['No store credit yet.']]));
    expect(balanceText()).toBe('Store credit MVR 0.00');
    expect(() => button(container, 'Add store credit')).toThrow();
  });
});
