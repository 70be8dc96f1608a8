// @vitest-environment happy-dom
/** The custom invoice screen as an admin meets it: the real route table, a stubbed server. */
import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { signedOut, useAuthStore } from '../../../stores/auth-store';
import { loadBackOffice } from '../../../test/back-office-core';
import { loadCore } from '../../../test/core';
import { aishaAdmin, cornerGrocery } from '../../../test/identity-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../../../test/render';
import { fieldError, rows } from '../../../test/screens';
import { stubServer } from '../../../test/stub-server';
import type { ProductChoice } from '../api/custom-invoices';
import { customInvoice, riceLine } from '../invoices/test-fixtures';
import type { Invoice } from '../types';
import { CustomInvoicePage } from './custom-invoice-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));

const product = (id: number, productName: string, sellingPrice: number, costPrice = 0): ProductChoice => ({
  _id: `prod-${id}`, product_id: `P-00000${id}`, productName, barcodeNumber: '', unit: 'kg', sellingPrice, costPrice,
});
const products = [
  product(1, 'Basmati rice', 45),
  product(2, 'Brown rice', 0, 30.5),
  product(3, 'Jasmine rice', 52),
  product(4, 'Rice flour', 20),
  product(5, 'Rice noodles', 18),
  product(6, 'Red rice', 40),
  product(7, 'Cola 330ml', 9.5),
];

const details = { userName: 'Reef Resort', phoneNumber: '7790000', email: 'stores@reef.example', address: 'Male' };
const withDetails: Invoice = { ...customInvoice, customerDetailsCustom: details };
const withRice: Invoice = {
  ...withDetails,
  products: [{ ...riceLine, quantity: 2.5, discountAmount: 0, total: 112.5 }],
  subTotal: 112.5,
  totalAmount: 112.5,
};

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const titleInput = () => document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const quantityInput = () => document.querySelector<HTMLInputElement>('input[aria-label="Quantity"]')!;
const options = () => [...document.querySelectorAll('[role="option"]')];
const newRow = () => [...document.querySelectorAll('tbody tr')].at(-1)!;

/** Runs at once every timer the screen has set (e.g. the leaving check) and what they start. */
const runPendingTimers = () => act(() => vi.runAllTimersAsync());

async function openScreen() {
  view = await renderRoutes(routes, '/admin/custom/invoice');
  await waitFor(() => expect(view!.text()).toContain('Add customer details to continue.'));
  return view;
}

async function addDetails(container: HTMLElement) {
  typeInto(field(container, 'Customer name'), details.userName);
  typeInto(field(container, 'Mobile'), details.phoneNumber);
  typeInto(field(container, 'Email (optional)'), details.email);
  typeInto(field(container, 'Address (optional)'), details.address);
  await click(button(container, 'Continue'));
  await waitFor(() => expect(titleInput()).not.toBeNull());
}

beforeAll(async () => {
  await loadCore();
  await loadBackOffice();
});
beforeEach(() => {
  // Timers follow the clock (so waiting for the screen works) but can also be run at once.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: aishaAdmin });
  server.answers['POST /api/v1/invoice/custom/create'] = envelope(201, { data: customInvoice });
  server.answers['PUT /api/v1/invoice/custom/inv-9/customer'] = envelope(200, { data: withDetails });
  server.answers['POST /api/v1/invoice/custom/inv-9/product'] = envelope(200, { data: withRice });
  server.answers['PUT /api/v1/invoice/custom/inv-9/product/prod-1'] = envelope(200, { data: withDetails });
  server.answers['DELETE /api/v1/invoice/custom/inv-9'] = envelope(200, { data: null });
  server.answers['GET /api/v1/product'] = envelope(200, { data: products });
});
afterEach(async () => {
  view?.unmount();
  view = undefined;
  // Leaving the screen decides a tick later whether to delete the invoice: let it, while this
  // test's server still answers.
  await runPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('custom invoice (/admin/custom/invoice)', () => {
  it('creates the invoice on opening and asks for the customer’s details first', async () => {
    const { container } = await openScreen();
    expect(notify.success).toHaveBeenCalledWith('Invoice created successfully');
    expect(sent('POST /api/v1/invoice/custom/create')).toHaveLength(1);
    expect(container.textContent).toContain('INV-000009');
    expect(container.querySelector('table')).toBeNull();
    expect(sent('GET /api/v1/product')).toHaveLength(0);
  });

  it('checks the details before sending, then unlocks the table', async () => {
    const { container } = await openScreen();
    typeInto(field(container, 'Mobile'), '77');
    typeInto(field(container, 'Email (optional)'), 'stores@');
    await click(button(container, 'Continue'));
    expect(fieldError(field(container, 'Customer name'))).toBe('Customer name is required');
    expect(fieldError(field(container, 'Mobile'))).toBe('Phone number must be exactly 7 digits');
    expect(fieldError(field(container, 'Email (optional)'))).toBe('Invalid! email id!');
    expect(sent('PUT /api/v1/invoice/custom/inv-9/customer')).toHaveLength(0);

    await addDetails(container);
    expect(sent('PUT /api/v1/invoice/custom/inv-9/customer')[0]?.body).toEqual(details);
    expect(notify.success).toHaveBeenCalledWith('Customer data added successfully');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'No', 'Title', 'Quantity', 'Unit', 'Price', 'Total Price', 'Actions',
    ]);
    expect(container.textContent).toContain('Reef Resort');
    expect([...container.querySelectorAll('tfoot tr')].map((tr) => tr.textContent)).toEqual(['Discount0.00', 'Total Amount0.00']);
  });

  it('suggests at most 5 products, moved through with the arrow keys and taken with Enter', async () => {
    const { container } = await openScreen();
    await addDetails(container);
    await waitFor(() => expect(sent('GET /api/v1/product')).toHaveLength(1));
    typeInto(titleInput(), 'rice');
    expect(options().map((option) => option.textContent)).toEqual([
      'Basmati riceP-000001', 'Brown riceP-000002', 'Jasmine riceP-000003', 'Rice flourP-000004', 'Rice noodlesP-000005',
    ]);
    press(titleInput(), 'ArrowDown');
    press(titleInput(), 'ArrowDown');
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    press(titleInput(), 'ArrowUp');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    press(titleInput(), 'ArrowUp');
    expect(options()[4]?.getAttribute('aria-selected')).toBe('true');
    press(titleInput(), 'ArrowDown');
    press(titleInput(), 'ArrowDown');
    expect(titleInput().getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    press(titleInput(), 'Enter');
    expect(titleInput().value).toBe('Brown rice');
    expect(options()).toHaveLength(0);
    expect(document.activeElement).toBe(quantityInput());
    // No selling price: the cost price, as the core prices it.
    expect(newRow().textContent).toContain('30.50');
  });

  it('adds the line on Enter in the quantity and opens a new row with the focus', async () => {
    const { container } = await openScreen();
    await addDetails(container);
    await waitFor(() => expect(sent('GET /api/v1/product')).toHaveLength(1));
    typeInto(titleInput(), 'basmati');
    press(titleInput(), 'Enter');
    typeInto(quantityInput(), '2.5');
    expect(newRow().textContent).toContain('112.50');
    press(quantityInput(), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to custom invoice'));
    expect(sent('POST /api/v1/invoice/custom/inv-9/product')[0]?.body).toEqual({ productId: 'prod-1', quantity: '2.5' });
    expect(rows(container)[0]).toEqual(['1', 'Basmati rice', '2.5', 'kg', '45.00', '112.50', '']);
    expect(rows(container)[1]?.[0]).toBe('2');
    expect(titleInput().value).toBe('');
    expect(quantityInput().value).toBe('');
    expect(document.activeElement).toBe(titleInput());
    expect(container.querySelector('tfoot')?.textContent).toContain('Total Amount112.50');
  });

  it('adds nothing without a chosen product or a quantity', async () => {
    const { container } = await openScreen();
    await addDetails(container);
    typeInto(quantityInput(), '2');
    press(quantityInput(), 'Enter');
    expect(container.textContent).toContain('Choose a product first.');
    await waitFor(() => expect(sent('GET /api/v1/product')).toHaveLength(1));
    typeInto(titleInput(), 'cola');
    press(titleInput(), 'Enter');
    typeInto(quantityInput(), '  ');
    press(quantityInput(), 'Enter');
    expect(container.textContent).toContain('Type a quantity, then press Enter.');
    expect(sent('POST /api/v1/invoice/custom/inv-9/product')).toHaveLength(0);
  });

  it('removes a line', async () => {
    server.answers['PUT /api/v1/invoice/custom/inv-9/customer'] = envelope(200, { data: withRice });
    const { container } = await openScreen();
    await addDetails(container);
    await click(button(container, 'Remove Basmati rice'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product removed successfully'));
    expect(sent('PUT /api/v1/invoice/custom/inv-9/product/prod-1')).toHaveLength(1);
    expect(rows(container)).toHaveLength(1);
  });

  it('deletes the invoice when the screen is left with no products', async () => {
    const { router } = await openScreen();
    await act(() => router.navigate('/admin/invoices'));
    await waitFor(() => expect(sent('DELETE /api/v1/invoice/custom/inv-9')).toHaveLength(1));
    expect(notify.success).toHaveBeenCalledWith('Invoice deleted successfully!');
  });

  it('keeps the invoice when the screen is left with products on it', async () => {
    const { container, router } = await openScreen();
    await addDetails(container);
    await waitFor(() => expect(sent('GET /api/v1/product')).toHaveLength(1));
    typeInto(titleInput(), 'basmati');
    press(titleInput(), 'Enter');
    typeInto(quantityInput(), '2.5');
    press(quantityInput(), 'Enter');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    await act(() => router.navigate('/admin/invoices'));
    await runPendingTimers();
    expect(sent('DELETE /api/v1/invoice/custom/inv-9')).toHaveLength(0);
  });

  it('says so when the server answers without an id', async () => {
    server.answers['POST /api/v1/invoice/custom/create'] = envelope(201, { data: {} });
    const { container } = await renderRoutes(routes, '/admin/custom/invoice').then((opened) => (view = opened));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invoice creation failed: no ID returned'));
    await waitFor(() => button(container, 'Try again'));
  });

  it('creates one invoice and deletes none under React’s development double mount', async () => {
    // As main.tsx renders the app: StrictMode at the root (only there does React mount effects twice).
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const router = createMemoryRouter([{ path: '/admin/custom/invoice', element: <CustomInvoicePage /> }], {
      initialEntries: ['/admin/custom/invoice'],
    });
    await act(async () =>
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    );
    view = { unmount: () => act(() => root.unmount()) } as typeof view;
    await waitFor(() => expect(container.textContent).toContain('Add customer details to continue.'));
    await runPendingTimers();
    expect(sent('POST /api/v1/invoice/custom/create')).toHaveLength(1);
    expect(sent('DELETE /api/v1/invoice/custom/inv-9')).toHaveLength(0);
    container.remove();
  });
});
