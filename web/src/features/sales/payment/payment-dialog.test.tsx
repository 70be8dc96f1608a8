// @vitest-environment happy-dom
/** The payment dialog as a cashier meets it: totals, cash balance, the three ways to pay, the print question. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../../../stores/auth-store';
import { loadCore } from '../../../test/core';
import { cornerGrocery } from '../../../test/identity-fixtures';
import { button, click, envelope, press, renderElement, typeInto, waitFor } from '../../../test/render';
import { stubServer } from '../../../test/stub-server';
import { openOrder, paidInvoice } from '../invoices/test-fixtures';
import type { Invoice } from '../types';
import { browser } from './browser';
import { PaymentDialog } from './payment-dialog';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));
vi.mock('./browser', () => ({ browser: { goTo: vi.fn(), print: vi.fn() } }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderElement>> | undefined;
const onClose = vi.fn();
const onDone = vi.fn();

const sent = (key: string) => server.requests().filter((request) => request.key === key);
const dialog = () => {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('no dialog open');
  return found;
};
const receivedInput = () => {
  const label = [...dialog().querySelectorAll('label')].find((candidate) => candidate.textContent === 'Received amount');
  return document.getElementById(label!.htmlFor) as HTMLInputElement;
};

async function openDialog(invoice: Invoice = openOrder) {
  view = await renderElement(<PaymentDialog invoice={invoice} onClose={onClose} onDone={onDone} />);
  return dialog();
}

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState({ ...signedOut, shopData: cornerGrocery });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('the payment dialog', () => {
  it('says the total payable with SPEC’s MVR prefix, and the tax', async () => {
    const opened = await openDialog({ ...openOrder, totalAmount: 1234.5, totalTax: 0 });
    expect(opened.querySelector('h2')?.textContent).toBe('Total payable amount: MVR1,234.50');
    expect(opened.textContent).toContain('TaxMVR0.00');
    expect([...opened.querySelectorAll('button')].map((candidate) => candidate.textContent)).toEqual(['Cash', 'Swipe', 'Pay', 'Cancel']);
  });

  it('shows the tax the lines carry when it is not zero', async () => {
    const opened = await openDialog({ ...openOrder, totalTax: 4.38 });
    expect(opened.textContent).toContain('TaxMVR4.38');
  });

  it('shows the balance as the received amount minus the total, worked out by the core', async () => {
    await openDialog();
    expect(dialog().textContent).toContain('Balance: —');
    typeInto(receivedInput(), '150');
    expect(dialog().textContent).toContain('Balance: MVR40.50');
    typeInto(receivedInput(), '100.2');
    expect(dialog().textContent).toContain('Balance: MVR-9.30 (still owed)');
    typeInto(receivedInput(), 'ten');
    expect(dialog().textContent).toContain('Type the amount received');
  });

  it('records a cash payment, then asks to print and prints the receipt', async () => {
    server.answers['POST /api/v1/payment/cash/invoice/inv-7'] = envelope(200, { data: paidInvoice });
    await openDialog();
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));
    expect(notify.success).toHaveBeenCalledWith('Payment successful.');
    expect(sent('POST /api/v1/payment/cash/invoice/inv-7')).toHaveLength(1);

    const receipt = document.querySelector('.print-copy');
    expect(receipt?.textContent).toContain('Corner Grocery');
    expect(receipt?.textContent).toContain('Invoice INV-000007');
    // Paid 09:45 UTC, written in the shop's time zone (UTC+5) as a medium date with a short time.
    expect(receipt?.textContent).toContain('Mar 5, 2025, 2:45 PM');
    expect(receipt?.textContent).toContain('Basmati rice');
    expect(receipt?.textContent).toContain('Discount −9.00');
    expect(receipt?.textContent).toContain('TotalMVR 109.50');
    expect(receipt?.textContent).toContain('Payment methodCash');

    await click(button(dialog(), 'Print'));
    expect(browser.print).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(paidInvoice);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('records a swipe, and Cancel at the print question ends without printing', async () => {
    const swiped = { ...paidInvoice, paymentMethod: 'internal-device' as const };
    server.answers['POST /api/v1/payment/internal-device/invoice/inv-7'] = envelope(200, { data: swiped });
    await openDialog();
    await click(button(dialog(), 'Swipe'));
    await waitFor(() => expect(dialog().textContent).toContain('Proceed to print?'));
    expect(document.querySelector('.print-copy')?.textContent).toContain('Payment methodSwipe');
    await click(button(dialog(), 'Cancel'));
    expect(browser.print).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(swiped);
  });

  it('does not toast a failed cash payment (SPEC part 8) but says in the dialog that nothing was recorded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.answers['POST /api/v1/payment/cash/invoice/inv-7'] = envelope(409, { message: 'Invoice INV-000007 is already paid' });
    await openDialog();
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Invoice INV-000007 is already paid'));
    expect(notify.error).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(button(dialog(), 'Cash').disabled).toBe(false);
  });

  it('toasts a failed swipe with SPEC’s fallback when the server says nothing', async () => {
    server.answers['POST /api/v1/payment/internal-device/invoice/inv-7'] = envelope(500, 'Internal Server Error');
    await openDialog();
    await click(button(dialog(), 'Swipe'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Payment failed!'));
    expect(dialog().textContent).not.toContain('Proceed to print?');
  });

  it('sends the browser to Stripe’s checkout page for a card payment', async () => {
    server.answers['POST /api/v1/payment/card/invoice/inv-7'] = envelope(200, {
      data: { session: { id: 'cs_test_1', url: 'https://checkout.stripe.test/c/pay/cs_test_1' }, invoice: openOrder },
    });
    await openDialog();
    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(browser.goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the card option as unavailable when card payments are not configured', async () => {
    server.answers['POST /api/v1/payment/card/invoice/inv-7'] = envelope(503, { message: 'Card payments are not configured' });
    await openDialog();
    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(dialog().textContent).toContain('Card payment unavailable: Card payments are not configured'));
    expect(button(dialog(), 'Pay').disabled).toBe(true);
    expect(button(dialog(), 'Cash').disabled).toBe(false);
    expect(browser.goTo).not.toHaveBeenCalled();
  });

  it('closes without paying on Cancel or Escape', async () => {
    await openDialog();
    await click(button(dialog(), 'Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    press(dialog(), 'Escape');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(server.fetchMock).not.toHaveBeenCalled();
  });
});
