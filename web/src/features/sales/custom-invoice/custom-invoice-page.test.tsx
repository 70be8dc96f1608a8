// @vitest-environment happy-dom
/** The custom invoice screen as an admin meets it: the real route table, a stubbed server. */
import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { priceCart } from '@/lib/core';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { loadBackOffice } from '@/test/back-office-core';
import { loadCore } from '@/test/core';
import { aishaAdmin, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '@/test/render';
import { fieldError, rows } from '@/test/screens';
import { stubServer } from '@/test/stub-server';
import type { ProductChoice } from '../api/custom-invoices';
import { cartLineOf, invoiceFromWire, type WireInvoice, type WireLine } from '@/types/invoice-wire';
import { customInvoice, riceLine } from '../invoices/test-fixtures';
import { CustomInvoicePage } from './custom-invoice-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const product = (id: number, productName: string, sellingPrice: number, costPrice = 0, changes: Partial<ProductChoice> = {}): ProductChoice => ({
  _id: `prod-${id}`, product_id: `P-00000${id}`, productName, barcodeNumber: '', category: { _id: 'cat-1' }, unit: 'kg',
  sellingPrice, costPrice, costPriceProfit: 0, discount: 0, discountType: 'percentage', productTax: 0, ...changes,
});
const products = [
  product(1, 'Basmati rice', 45),
  product(2, 'Brown rice', 0, 30.5),
  product(3, 'Jasmine rice', 52),
  product(4, 'Rice flour', 20),
  product(5, 'Rice noodles', 18),
  product(6, 'Red rice', 40),
  // Sold by the piece, taxed 8 %, in a category with 10 % off.
  product(7, 'Cola 330ml', 9.5, 6, { unit: 'no', productTax: 8, category: { _id: 'cat-2' } }),
  // By the litre, 5 % off and 10 % tax.
  product(8, 'Milk', 6.5, 5, { unit: 'lt', discount: 5, productTax: 10 }),
];
const categories = [
  { _id: 'cat-1', categoryName: 'Rice', description: '', discountRate: 0, productCount: 7, createdAt: 1, updatedAt: 1 },
  { _id: 'cat-2', categoryName: 'Drinks', description: '', discountRate: 10, productCount: 1, createdAt: 1, updatedAt: 1 },
];

const details = { userName: 'Reef Resort', phoneNumber: '7790000', email: 'stores@reef.example', address: 'Male' };
const withDetails: WireInvoice = { ...customInvoice, customerDetailsCustom: details };
const basmati: WireLine = { ...riceLine, quantity: 2.5, discount: 0, loyaltyRate: 0, gross: 112.5, discountAmount: 0, total: 112.5, pointsEarned: 0 };
const withRice: WireInvoice = { ...withDetails, products: [basmati], subTotal: 112.5, totalAmount: 112.5 };

/** 3 colas and 1.5 l of milk as the server answers them, priced as the till prices them. */
const colaLine: WireLine = {
  ...riceLine, _id: 'line-7', productId: 'prod-7', productName: 'Cola 330ml', unit: 'no', quantity: 3,
  sellingPrice: 9.5, costPrice: 6, discount: 0, categoryDiscountRate: 10, productTax: 8, loyaltyRate: 0,
  price: 9.5, gross: 28.5, discountAmount: 2.85, tax: 2.05, total: 27.7, pointsEarned: 0,
};
const milkLine: WireLine = {
  ...riceLine, _id: 'line-8', productId: 'prod-8', productName: 'Milk', unit: 'lt', quantity: 1.5,
  sellingPrice: 6.5, costPrice: 5, discount: 5, categoryDiscountRate: 0, productTax: 10, loyaltyRate: 0,
  price: 6.5, gross: 9.75, discountAmount: 0.49, tax: 0.93, total: 10.19, pointsEarned: 0,
};
const withDrinks: WireInvoice = {
  ...withDetails, products: [colaLine, milkLine], subTotal: 38.25, totalDiscount: 3.34, totalTax: 2.98, totalAmount: 37.89,
};

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const invoiceWrites = () => server.requests().map((request) => request.key).filter((key) => key.includes('/invoice/custom'));
const titleInput = () => document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const quantityInput = () => document.querySelector<HTMLInputElement>('input[aria-label="Quantity"]')!;
const options = () => [...document.querySelectorAll('[role="option"]')];
const newRow = () => [...document.querySelectorAll('tbody tr')].at(-1)!;
const footer = (container: HTMLElement) => [...container.querySelectorAll('tfoot tr')].map((tr) => tr.textContent);

const CREATE = 'POST /api/v1/invoice/custom/create';
const SAVE_DETAILS = 'PUT /api/v1/invoice/custom/inv-9/customer';
const ADD_LINE = 'POST /api/v1/invoice/custom/inv-9/product';
const DELETE = 'DELETE /api/v1/invoice/custom/inv-9';

/** Runs at once every timer the screen has set (e.g. the leaving check) and what they start. */
const runPendingTimers = () => act(() => vi.runAllTimersAsync());

async function openScreen() {
  view = await renderRoutes(routes, '/admin/custom/invoice');
  await waitFor(() => expect(view!.text()).toContain('Add customer details to continue.'));
  return view;
}

function typeDetails(container: HTMLElement) {
  typeInto(field(container, 'Customer name'), details.userName);
  typeInto(field(container, 'Mobile'), details.phoneNumber);
  typeInto(field(container, 'Email (optional)'), details.email);
  typeInto(field(container, 'Address (optional)'), details.address);
}

async function addDetails(container: HTMLElement) {
  typeDetails(container);
  await click(button(container, 'Continue'));
  await waitFor(() => expect(titleInput()).not.toBeNull());
}

async function addLine(name: string, quantity: string) {
  typeInto(titleInput(), name);
  press(titleInput(), 'Enter');
  typeInto(quantityInput(), quantity);
  press(quantityInput(), 'Enter');
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
  server.answers[CREATE] = envelope(201, { data: customInvoice });
  server.answers[SAVE_DETAILS] = envelope(200, { data: withDetails });
  server.answers[ADD_LINE] = envelope(200, { data: withRice });
  server.answers['PUT /api/v1/invoice/custom/inv-9/product/prod-1'] = envelope(200, { data: withDetails });
  server.answers[DELETE] = envelope(200, { data: null });
  server.answers['GET /api/v1/product'] = envelope(200, { data: products });
  server.answers['GET /api/v1/categories'] = envelope(200, { data: categories });
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
  it('creates nothing on opening and asks for the customer’s details first', async () => {
    const { container } = await openScreen();
    await runPendingTimers();
    expect(invoiceWrites()).toEqual([]);
    expect(container.textContent).toContain('It is numbered when its details are saved.');
    expect(container.querySelector('table')).toBeNull();
    expect(sent('GET /api/v1/product')).toHaveLength(0);
    expect(button(container, 'Print custom invoice').disabled).toBe(true);
  });

  it('checks the details before sending, then creates the invoice and saves them, in that order', async () => {
    const { container } = await openScreen();
    typeInto(field(container, 'Mobile'), '77');
    typeInto(field(container, 'Email (optional)'), 'stores@');
    await click(button(container, 'Continue'));
    expect(fieldError(field(container, 'Customer name'))).toBe('Customer name is required');
    expect(fieldError(field(container, 'Mobile'))).toBe('Phone number must be exactly 7 digits');
    expect(fieldError(field(container, 'Email (optional)'))).toBe('Invalid! email id!');
    expect(invoiceWrites()).toEqual([]);

    await addDetails(container);
    expect(invoiceWrites()).toEqual([CREATE, SAVE_DETAILS]);
    expect(sent(SAVE_DETAILS)[0]?.body).toEqual(details);
    expect(notify.success).toHaveBeenCalledWith('Invoice created successfully');
    expect(notify.success).toHaveBeenCalledWith('Customer data added successfully');
    expect(container.textContent).toContain('INV-000009');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'No', 'Title', 'Quantity', 'Unit', 'Price', 'Total Price', 'Actions',
    ]);
    expect(container.textContent).toContain('Reef Resort');
    expect(footer(container)).toEqual(['Discount0.00', 'Tax0.00', 'Total Amount0.00']);
  });

  it('keeps the typed details when the invoice cannot be created, and creates it on the next try', async () => {
    server.answers[CREATE] = envelope(503, { message: 'The database is busy, try again' });
    const { container } = await openScreen();
    typeDetails(container);
    await click(button(container, 'Continue'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain('The database is busy, try again'));
    expect(notify.error).toHaveBeenCalledWith('The database is busy, try again');
    expect(invoiceWrites()).toEqual([CREATE]);
    expect(field(container, 'Customer name').value).toBe(details.userName);
    expect(field(container, 'Address (optional)').value).toBe(details.address);

    server.answers[CREATE] = envelope(201, { data: customInvoice });
    await click(button(container, 'Continue'));
    await waitFor(() => expect(titleInput()).not.toBeNull());
    expect(invoiceWrites()).toEqual([CREATE, CREATE, SAVE_DETAILS]);
  });

  it('sends only the details again when the invoice was created but they were not saved', async () => {
    server.answers[SAVE_DETAILS] = envelope(400, { message: 'Phone number must be exactly 7 digits' });
    const { container } = await openScreen();
    typeDetails(container);
    await click(button(container, 'Continue'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain('Phone number must be exactly 7 digits'));
    // The invoice exists (and says its number); the form still holds what was typed.
    expect(container.textContent).toContain('INV-000009');
    expect(field(container, 'Customer name').value).toBe(details.userName);

    server.answers[SAVE_DETAILS] = envelope(200, { data: withDetails });
    await click(button(container, 'Continue'));
    await waitFor(() => expect(titleInput()).not.toBeNull());
    expect(invoiceWrites()).toEqual([CREATE, SAVE_DETAILS, SAVE_DETAILS]);
  });

  it('says so when the server answers the creation without an id', async () => {
    server.answers[CREATE] = envelope(201, { data: {} });
    const { container } = await openScreen();
    typeDetails(container);
    await click(button(container, 'Continue'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Invoice creation failed: no ID returned'));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Invoice creation failed: no ID returned');
    expect(sent(SAVE_DETAILS)).toHaveLength(0);
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
    expect(sent(ADD_LINE)[0]?.body).toEqual({ productId: 'prod-1', quantity: '2.5' });
    expect(rows(container)[0]).toEqual(['1', 'Basmati rice', '2.5', 'kg', '45.00', '112.50', '']);
    expect(rows(container)[1]?.[0]).toBe('2');
    expect(titleInput().value).toBe('');
    expect(quantityInput().value).toBe('');
    expect(document.activeElement).toBe(titleInput());
    expect(container.querySelector('tfoot')?.textContent).toContain('Total Amount112.50');
  });

  it('shows each line in its product’s unit, with its discount and tax, at the till’s total', async () => {
    server.answers[ADD_LINE] = envelope(200, { data: withDrinks });
    const { container } = await openScreen();
    await addDetails(container);
    await waitFor(() => expect(sent('GET /api/v1/product')).toHaveLength(1));
    typeInto(titleInput(), 'cola');
    press(titleInput(), 'Enter');
    typeInto(quantityInput(), '3');
    // Before it is added: pieces, 9.50 each, 28.50 - 2.85 (category 10 %) + 2.05 tax (8 %).
    expect(newRow().textContent).toContain('no');
    expect(newRow().textContent).toContain('9.50');
    expect(newRow().textContent).toContain('27.70');
    press(quantityInput(), 'Enter');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect(rows(container).slice(0, 2)).toEqual([
      ['1', 'Cola 330mlDiscount −2.85 · Tax +2.05', '3', 'no', '9.50', '27.70', ''],
      ['2', 'MilkDiscount −0.49 · Tax +0.93', '1.5', 'lt', '6.50', '10.19', ''],
    ]);
    expect(footer(container)).toEqual(['Discount3.34', 'Tax2.98', 'Total Amount37.89']);
    // The till's core prices the same basket to the same total.
    const till = priceCart({ lines: invoiceFromWire(withDrinks).products.map(cartLineOf), redeemAmount: 0 });
    expect([till.totalDiscount, till.totalTax, till.totalAmount]).toEqual(['3.34', '2.98', '37.89']);
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
    expect(sent(ADD_LINE)).toHaveLength(0);
  });

  it('says why a line was refused and keeps it typed', async () => {
    server.answers[ADD_LINE] = envelope(400, { message: 'Quantity must be a whole number for unit no' });
    const { container } = await openScreen();
    await addDetails(container);
    await waitFor(() => expect(sent('GET /api/v1/product')).toHaveLength(1));
    await addLine('cola', '1.5');
    await waitFor(() => expect(container.querySelector('.custom-table__note')?.textContent).toBe('Quantity must be a whole number for unit no'));
    expect(notify.error).toHaveBeenCalledWith('Quantity must be a whole number for unit no');
    expect(titleInput().value).toBe('Cola 330ml');
    expect(quantityInput().value).toBe('1.5');
  });

  it('removes a line', async () => {
    server.answers[SAVE_DETAILS] = envelope(200, { data: withRice });
    const { container } = await openScreen();
    await addDetails(container);
    await click(button(container, 'Remove Basmati rice'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product removed successfully'));
    expect(sent('PUT /api/v1/invoice/custom/inv-9/product/prod-1')).toHaveLength(1);
    expect(rows(container)).toHaveLength(1);
  });

  it('leaves nothing behind when the screen is left before anything was saved', async () => {
    const { container, router } = await openScreen();
    typeInto(field(container, 'Customer name'), details.userName);
    await act(() => router.navigate('/admin/invoices'));
    await runPendingTimers();
    expect(invoiceWrites()).toEqual([]);
  });

  it('deletes the invoice when the screen is left with no products', async () => {
    const { container, router } = await openScreen();
    await addDetails(container);
    await act(() => router.navigate('/admin/invoices'));
    await waitFor(() => expect(sent(DELETE)).toHaveLength(1));
    expect(notify.success).toHaveBeenCalledWith('Invoice deleted successfully!');
  });

  it('deletes an invoice still being created when the screen is left meanwhile', async () => {
    const creation = server.deferred(envelope(201, { data: customInvoice }));
    server.answers[CREATE] = creation.answer;
    const { container, router } = await openScreen();
    typeDetails(container);
    await click(button(container, 'Continue'));
    await act(() => router.navigate('/admin/invoices'));
    await runPendingTimers();
    expect(sent(DELETE)).toHaveLength(0);
    creation.release();
    await waitFor(() => expect(sent(DELETE)).toHaveLength(1));
    expect(invoiceWrites()).toEqual([CREATE, SAVE_DETAILS, DELETE]);
  });

  it('keeps the invoice when the screen is left with products on it', async () => {
    const { container, router } = await openScreen();
    await addDetails(container);
    await waitFor(() => expect(sent('GET /api/v1/product')).toHaveLength(1));
    await addLine('basmati', '2.5');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    await act(() => router.navigate('/admin/invoices'));
    await runPendingTimers();
    expect(sent(DELETE)).toHaveLength(0);
  });

  it('creates one invoice, only when saving, under React’s development double mount', async () => {
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
    expect(invoiceWrites()).toEqual([]);
    typeDetails(container);
    await click(button(container, 'Continue'));
    await waitFor(() => expect(container.textContent).toContain('Reef Resort'));
    await runPendingTimers();
    expect(invoiceWrites()).toEqual([CREATE, SAVE_DETAILS]);
    container.remove();
  });
});
