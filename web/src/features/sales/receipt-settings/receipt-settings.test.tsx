// @vitest-environment happy-dom
/**
 * The shop's receipt settings as the admin meets them (/admin/receipt, the real route table, a
 * stubbed server), and the receipt every till prints with them.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { useReceiptStore } from './receipt-store';
import { loadCore } from '@/test/core';
import { aishaAdmin, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, field, renderElement, renderRoutes, typeInto, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import type { Invoice } from '@/types/invoice';
import type { ReceiptSettings } from '../api/receipt-settings';
import { ReceiptLayout } from '../invoices/receipt';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const stored: ReceiptSettings = {
  shopName: 'Corner Grocery',
  phoneNumber: '3301234',
  address: 'Majeedhee Magu 12\nMale',
  receiptFooter: 'Thank you!',
  receiptPaper: '80mm',
};

const at = Date.UTC(2026, 10, 27, 9, 30);
const sale: Invoice = {
  _id: 'i-1', invoiceNumber: 'INV-000042', status: 'paid', createdAt: at, updatedAt: at, paidAt: at, staff: 'Ben (staff)', staffId: 'u-2',
  customer: null, customerDetailsCustom: null, products: [], subTotal: '0', totalDiscount: '0', totalTax: '0', redeemAmount: '0', totalAmount: '0',
  pointsEarned: '0', refundedAmount: '0', paymentMethod: 'cash', cardStatus: null,
};

let server: ReturnType<typeof stubServer>;
let view: { unmount: () => void } | undefined;
const ok = (data: unknown) => envelope(200, { data });

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState({ ...signedOut, shopData: cornerGrocery, adminData: aishaAdmin });
  useReceiptStore.setState({ shopId: null, settings: null });
  server.answers['GET /api/v1/shop/check-login'] = ok(cornerGrocery);
  server.answers['GET /api/v1/admin/check-logged'] = ok(aishaAdmin);
  server.answers['GET /api/v1/shop/receipt'] = ok(stored);
  server.answers['GET /api/v1/shop/payment-settings'] = ok({ cashRounding: 0.05 });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the printed receipt', () => {
  it('prints the shop’s address, phone and footer, laid out for its paper', async () => {
    const rendered = await renderElement(
      <ReceiptLayout invoice={sale} shopName="Corner Grocery" currencyCode="MVR" timeZone="UTC" settings={{ ...stored, receiptPaper: 'a4' }} />,
    );
    view = rendered;
    const receipt = rendered.container.querySelector('.receipt')!;
    expect(receipt.classList.contains('receipt--a4')).toBe(true);
    expect(receipt.querySelector('.receipt__address')?.textContent).toBe('Majeedhee Magu 12\nMale');
    expect(receipt.querySelector('.receipt__phone')?.textContent).toBe('Tel 3301234');
    expect(receipt.querySelector('.receipt__footer')?.textContent).toBe('Thank you!');
  });

  it('prints only the name on an 80 mm roll while the till has no settings yet', async () => {
    const rendered = await renderElement(
      <ReceiptLayout invoice={sale} shopName="Corner Grocery" currencyCode="MVR" timeZone="UTC" settings={null} />,
    );
    view = rendered;
    const receipt = rendered.container.querySelector('.receipt')!;
    expect(receipt.classList.contains('receipt--80mm')).toBe(true);
    expect(receipt.querySelector('.receipt__shop')?.textContent).toBe('Corner Grocery');
    expect(receipt.querySelector('.receipt__address, .receipt__footer')).toBeNull();
  });
});

describe('Receipt settings', () => {
  const textareas = () => [...document.querySelectorAll<HTMLTextAreaElement>('textarea')];

  it('loads the settings, previews the draft, saves it and keeps it for the till', async () => {
    const rendered = await renderRoutes(routes, '/admin/receipt');
    view = rendered;
    await waitFor(() => expect(textareas()[0]?.value).toBe('Majeedhee Magu 12\nMale'));
    // The area keeps what it read for printing offline.
    await waitFor(() => expect(useReceiptStore.getState().settings).toEqual(stored));
    const [, footer] = textareas();
    typeInto(footer!, 'Thank you!\nExchanges within 14 days');
    await click(rendered.container.querySelector<HTMLInputElement>('input[value="a4"]')!);
    expect(document.querySelector('.receipt-settings__preview .receipt__footer')?.textContent).toBe('Thank you!\nExchanges within 14 days');
    expect(document.querySelector('.receipt-settings__preview .receipt')?.classList.contains('receipt--a4')).toBe(true);

    const saved = { ...stored, receiptFooter: 'Thank you!\nExchanges within 14 days', receiptPaper: 'a4' };
    server.answers['PUT /api/v1/shop/receipt'] = ok(saved);
    await click(button(rendered.container, 'Save'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Receipt saved'));
    expect(server.requests().find((request) => request.key === 'PUT /api/v1/shop/receipt')?.body).toEqual({
      address: 'Majeedhee Magu 12\nMale',
      receiptFooter: 'Thank you!\nExchanges within 14 days',
      receiptPaper: 'a4',
    });
    expect(useReceiptStore.getState()).toMatchObject({ shopId: cornerGrocery._id, settings: saved });
  });

  it('says what is wrong with a footer before sending, and sends nothing', async () => {
    const rendered = await renderRoutes(routes, '/admin/receipt');
    view = rendered;
    await waitFor(() => expect(textareas()[1]?.value).toBe('Thank you!'));
    typeInto(textareas()[1]!, 'Thanks\u001b');
    await click(button(rendered.container, 'Save'));
    await waitFor(() => expect(rendered.container.textContent).toContain('Receipt footer cannot contain control characters'));
    expect(server.requests().some((request) => request.key.startsWith('PUT'))).toBe(false);
  });

  it('saves the shop’s cash rounding as soon as it is chosen, and says the server’s refusal', async () => {
    const rendered = await renderRoutes(routes, '/admin/receipt');
    view = rendered;
    const rounding = () => field(rendered.container, 'Cash rounding') as unknown as HTMLSelectElement;
    await waitFor(() => expect(rounding().value).toBe('0.05'));
    expect([...rounding().options].map((option) => option.textContent)).toEqual(['None', '0.05', '0.10', '0.25', '0.50', '1.00']);

    server.answers['PUT /api/v1/shop/payment-settings'] = ok({ cashRounding: 0.25 });
    await change(rounding(), '0.25');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Payment settings saved'));
    expect(server.requests().filter((request) => request.key === 'PUT /api/v1/shop/payment-settings').map((request) => request.body)).toEqual([
      { cashRounding: 0.25 },
    ]);
    expect(rounding().value).toBe('0.25');

    server.answers['PUT /api/v1/shop/payment-settings'] = envelope(400, { message: 'Cash rounding must be one of 0, 0.05, 0.10, 0.25, 0.50, 1.00' });
    await change(rounding(), '1');
    await waitFor(() => expect(rendered.container.querySelector('.receipt-settings__payments [role="alert"]')?.textContent).toBe('Cash rounding must be one of 0, 0.05, 0.10, 0.25, 0.50, 1.00'));
    expect(rounding().value).toBe('0.25');
    expect(notify.success).toHaveBeenCalledTimes(1);
  });
});

/** Chooses an option of a select as the browser reports it. */
async function change(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
