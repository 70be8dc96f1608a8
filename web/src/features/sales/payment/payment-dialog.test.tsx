// @vitest-environment happy-dom
/** The payment dialog as a cashier meets it: totals, cash balance, the three ways to pay, the print question. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { loadCore } from '@/test/core';
import { cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, press, renderElement, typeInto, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { openOrder } from '../invoices/test-fixtures';
import { localTill, type FakeAnswer } from '../local/local-test-support';
import { TillDataProvider } from '../local/till-data-context';
import type { LocalInvoice, StoredCommand, TillPaymentBody } from '@/features/offline';
import { bodyOf, saveInvoice } from '@/features/offline/testing';
import { invoiceFromWire } from '@/types/invoice-wire';
import { browser } from './browser';
import { PaymentDialog } from './payment-dialog';
import { partsBeforeCard } from './parts-before-card';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));
vi.mock('./browser', () => ({ browser: { goTo: vi.fn(), print: vi.fn() } }));

let server: ReturnType<typeof stubServer>;
let refuseCash = '';
let view: Awaited<ReturnType<typeof renderElement>> | undefined;
let till: Awaited<ReturnType<typeof localTill>>;
const onClose = vi.fn();
const onDone = vi.fn();
const paidAt = Date.UTC(2025, 2, 5, 9, 45);

/** Aisha's open order as the till holds it locally (the server numbered it INV-000007). */
const REF = '0b0e9f5c-7a4d-4c1e-9d7e-000000000007';
const localOrder: LocalInvoice = {
  ...invoiceFromWire(openOrder), _id: REF, ref: REF, invoiceNumber: '', provisionalNumber: '7F3A-0012', serverId: null, origin: 'till',
};
/** The server's answer to the till's commands: the invoice, numbered. */
const numbered = (): FakeAnswer => ({ data: { _id: 'inv-7', ref: REF, invoiceNumber: 'INV-000007' } });
const sentCommands = (kind: string) => till.sent.filter((command: StoredCommand) => command.kind === kind);

const dialog = () => {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('no dialog open');
  return found;
};
const receivedInput = () => {
  const label = [...dialog().querySelectorAll('label')].find((candidate) => candidate.textContent === 'Received amount');
  return document.getElementById(label!.htmlFor) as HTMLInputElement;
};

/** The parts taken, as listed: method and amount. */
const parts = () => [...dialog().querySelectorAll('.payment-dialog__part')].map((part) => part.textContent);
/** What a button says beyond its name (its aria-describedby), "" when nothing. */
const descriptionOf = (target: HTMLElement) => document.getElementById(target.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const cardCheckout = (id: string) => `POST /api/v1/payment/card/invoice/${id}`;

/** Paid, Remaining and Cash due under the parts. */
const figures = () =>
  Object.fromEntries([...dialog().querySelectorAll('.payment-dialog__figures > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));

async function openDialog(invoice: LocalInvoice = localOrder) {
  await till.db.invoices.put(invoice);
  view = await renderElement(
    <TillDataProvider value={{ ...till.data, now: () => paidAt }}>
      <PaymentDialog invoice={invoice} onClose={onClose} onDone={onDone} />
    </TillDataProvider>,
  );
  return dialog();
}

beforeAll(loadCore);
beforeEach(async () => {
  till = await localTill((command) => (command.kind === 'payCash' && refuseCash ? { status: 409, message: refuseCash } : numbered()));
  refuseCash = '';
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState({ ...signedOut, shopData: cornerGrocery });
});
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the payment dialog', () => {
  it('says the total payable with SPEC’s MVR prefix, and the tax', async () => {
    const opened = await openDialog({ ...localOrder, totalAmount: '1234.5', totalTax: '0' });
    expect(opened.querySelector('h2')?.textContent).toBe('Total payable amount: MVR1,234.50');
    expect(opened.textContent).toContain('TaxMVR0.00');
    expect([...opened.querySelectorAll('button')].map((candidate) => candidate.textContent)).toEqual(['Gift card', 'Cash', 'Swipe', 'Pay', 'Cancel']);
  });

  it('shows the tax the lines carry when it is not zero', async () => {
    const opened = await openDialog({ ...localOrder, totalTax: '4.38' });
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

  it('records a cash payment locally (offline too), then asks to print and prints the receipt', async () => {
    await openDialog();
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));
    expect(notify.success).toHaveBeenCalledWith('Payment successful.');
    expect(await till.db.invoices.get(REF)).toMatchObject({ status: 'paid', paymentMethod: 'cash', paidAt });
    const [queued] = await till.db.outbox.toArray();
    expect(queued).toMatchObject({ kind: 'payCash', action: { type: 'payInvoice', invoiceRef: REF } });
    // Nothing typed: the whole total in cash, exact (this shop rounds no cash).
    expect(bodyOf(queued!)).toMatchObject({
      tenders: [{ method: 'cash', amount: '109.50' }], cashRounding: '0', paidAt, totalAmount: '109.5',
    } satisfies Partial<TillPaymentBody>);
    expect(server.fetchMock).not.toHaveBeenCalled();

    // Until the server has numbered it, the receipt shows the device's provisional number.
    const receipt = document.querySelector('.print-copy');
    expect(receipt?.textContent).toContain('Corner Grocery');
    expect(receipt?.textContent).toContain('Invoice Provisional 7F3A-0012');
    till.goOnline();
    await till.engine.settled();
    await till.engine.drain({ ignoreBackoff: true });
    expect(sentCommands('payCash')).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('.print-copy')?.textContent).toContain('Invoice INV-000007'));
    // Paid 09:45 UTC, written in the shop's time zone (UTC+5) as a medium date with a short time.
    expect(receipt?.textContent).toContain('Mar 5, 2025, 2:45 PM');
    expect(receipt?.textContent).toContain('Basmati rice');
    expect(receipt?.textContent).toContain('Discount −9.00');
    expect(receipt?.textContent).toContain('TotalMVR 109.50');
    expect(receipt?.textContent).toContain('Payment methodCash');

    await click(button(dialog(), 'Print'));
    expect(browser.print).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ ref: REF, status: 'paid', paymentMethod: 'cash' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('records a swipe, and Cancel at the print question ends without printing', async () => {
    await openDialog();
    await click(button(dialog(), 'Swipe'));
    await waitFor(() => expect(dialog().textContent).toContain('Proceed to print?'));
    expect(document.querySelector('.print-copy')?.textContent).toContain('Payment methodSwipe');
    await click(button(dialog(), 'Cancel'));
    expect(browser.print).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'paid', paymentMethod: 'internal-device' }));
    expect((await till.db.outbox.toArray()).map((command) => command.kind)).toEqual(['paySwipe']);
  });

  it('does not toast a failed cash payment but says in the dialog that nothing was recorded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Paid meanwhile (another tab of this till): the local invoice refuses a second payment.
    await openDialog();
    await till.db.invoices.put({ ...localOrder, status: 'paid', invoiceNumber: 'INV-000007' });
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Invoice INV-000007 is paid and can no longer change'));
    expect(notify.error).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(button(dialog(), 'Cash').disabled).toBe(false);
  });

  it('toasts a failed swipe with SPEC’s fallback when the local database fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openDialog();
    till.db.close();
    await click(button(dialog(), 'Swipe'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Payment failed!'));
    expect(dialog().textContent).not.toContain('Proceed to print?');
  });

  it('tells the cashier when the server later refuses a sale: it is rolled back and open again', async () => {
    refuseCash = 'Invoice INV-000007 is already paid';
    await openDialog();
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().textContent).toContain('Proceed to print?'));
    till.goOnline();
    await till.engine.settled();
    await till.engine.drain({ ignoreBackoff: true });
    expect(till.status.state.rejected).toEqual([expect.objectContaining({ kind: 'payCash', message: 'Invoice INV-000007 is already paid' })]);
    expect(await till.db.invoices.get(REF)).toEqual(localOrder);
  });

  it('sends the browser to Stripe’s checkout page for a card payment, once the outbox has sent the invoice', async () => {
    server.answers['POST /api/v1/payment/card/invoice/inv-7'] = envelope(200, {
      data: { session: { id: 'cs_test_1', url: 'https://checkout.stripe.test/c/pay/cs_test_1' }, invoice: openOrder },
    });
    till.goOnline();
    await till.data.engine.enqueue({ kind: 'saveOpenOrder', action: saveInvoice(REF) });
    await openDialog();
    expect(descriptionOf(button(dialog(), 'Pay'))).toBe('');
    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(browser.goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    // The whole sale: no parts, so no body, as before parts could come first.
    const [checkout] = server.requests().filter((request) => request.key === cardCheckout('inv-7'));
    expect(checkout?.body).toBeUndefined();
    expect(partsBeforeCard('inv-7')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('lets the card pay what a cash part leaves: sends the part and the rounding, remembers it, and goes to Stripe', async () => {
    server.answers[cardCheckout('inv-7')] = envelope(200, {
      data: { session: { id: 'cs_test_2', url: 'https://checkout.stripe.test/c/pay/cs_test_2' }, invoice: openOrder },
    });
    await till.db.invoiceNumbers.put({ ref: REF, serverId: 'inv-7', invoiceNumber: 'INV-000007' });
    await till.db.tillSettings.put({ key: 'cashRounding', value: '0.05' });
    await openDialog({ ...localOrder, totalAmount: '47.33' });
    await waitFor(() => expect(dialog().textContent).toContain('Cash dueMVR47.35'));

    typeInto(receivedInput(), '20');
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(parts()).toEqual(['CashMVR20.00']));
    const pay = button(dialog(), 'Pay');
    expect(pay.disabled).toBe(false);
    expect(descriptionOf(pay)).toBe('Card pays the MVR 27.33 left');
    expect(dialog().textContent).not.toContain('Card can’t be one of the parts');

    await click(pay);
    await waitFor(() => expect(browser.goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_2'));
    const [checkout, ...again] = server.requests().filter((request) => request.key === cardCheckout('inv-7'));
    expect(again).toEqual([]);
    expect(checkout?.body).toEqual({ tenders: [{ method: 'cash', amount: '20.00' }], cashRounding: '0.05' });
    // Remembered for the page Stripe sends the browser back to, as handed over.
    expect(partsBeforeCard('inv-7')).toEqual([{ method: 'cash', amount: '20' }]);
    // Nothing is recorded at the till: the server pays the sale once Stripe confirms the card.
    expect(await till.db.outbox.count()).toBe(0);
    expect((await till.db.invoices.get(REF))?.status).toBe(localOrder.status);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says the server’s refusal of the parts before the card in place, and keeps them', async () => {
    const refusal = 'Swipe of 50.00 is more than the 47.33 left to pay';
    server.answers[cardCheckout('inv-7')] = envelope(400, { message: refusal });
    await till.db.invoiceNumbers.put({ ref: REF, serverId: 'inv-7', invoiceNumber: 'INV-000007' });
    await openDialog({ ...localOrder, totalAmount: '47.33' });
    typeInto(receivedInput(), '5');
    await click(button(dialog(), 'Swipe'));
    await waitFor(() => expect(parts()).toEqual(['SwipeMVR5.00']));
    expect(descriptionOf(button(dialog(), 'Pay'))).toBe('Card pays the MVR 42.33 left');

    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(refusal));
    expect(server.requests().find((request) => request.key === cardCheckout('inv-7'))?.body).toEqual({
      tenders: [{ method: 'internal-device', amount: '5.00' }], cashRounding: '0',
    });
    expect(browser.goTo).not.toHaveBeenCalled();
    expect(partsBeforeCard('inv-7')).toEqual([]);
    expect(parts()).toEqual(['SwipeMVR5.00']);
    expect(button(dialog(), 'Pay').disabled).toBe(false);
    expect(button(dialog(), 'Cash').disabled).toBe(false);
  });

  it('says a card payment needs a connection while the invoice is not on the server', async () => {
    await openDialog();
    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Card payment needs a connection'));
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Card payment needs a connection');
    expect(button(dialog(), 'Cash').disabled).toBe(false);
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the card option as unavailable when card payments are not configured', async () => {
    server.answers['POST /api/v1/payment/card/invoice/inv-7'] = envelope(503, { message: 'Card payments are not configured' });
    await till.db.invoiceNumbers.put({ ref: REF, serverId: 'inv-7', invoiceNumber: 'INV-000007' });
    await openDialog();
    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(dialog().textContent).toContain('Card payment unavailable: Card payments are not configured'));
    expect(button(dialog(), 'Pay').disabled).toBe(true);
    expect(button(dialog(), 'Cash').disabled).toBe(false);
    expect(browser.goTo).not.toHaveBeenCalled();
  });

  it('takes swipe 20 then cash 30 on 47.33, the shop rounding cash to 0.05: change 2.65, recorded with both parts', async () => {
    // Read online earlier and kept: the till applies it offline, with no server at hand.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await till.db.tillSettings.put({ key: 'cashRounding', value: '0.05' });
    await openDialog({ ...localOrder, totalAmount: '47.33' });
    await waitFor(() => expect(dialog().textContent).toContain('Cash dueMVR47.35'));

    typeInto(receivedInput(), '20');
    await click(button(dialog(), 'Swipe'));
    await waitFor(() => expect(parts()).toEqual(['SwipeMVR20.00']));
    expect(figures()).toEqual({ Paid: 'MVR20.00', Remaining: 'MVR27.33', 'Cash due': 'MVR27.35' });
    expect(receivedInput().value).toBe('');
    expect(button(dialog(), 'Pay').disabled).toBe(false);
    expect(descriptionOf(button(dialog(), 'Pay'))).toBe('Card pays the MVR 27.33 left');
    // Offline the card cannot be the last part: the swipe stays taken for another way to pay.
    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Card payment needs a connection'));
    expect(parts()).toEqual(['SwipeMVR20.00']);
    expect(await till.db.outbox.count()).toBe(0);

    typeInto(receivedInput(), '30');
    expect(dialog().textContent).toContain('Balance: MVR2.65');
    press(receivedInput(), 'Enter');
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));
    expect(dialog().querySelector('.payment-dialog__change')?.textContent).toBe('Change dueMVR2.65Received MVR30.00');

    const [queued, ...more] = await till.db.outbox.toArray();
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ kind: 'paySplit', action: { type: 'payInvoice', invoiceRef: REF } });
    expect(bodyOf(queued!)).toMatchObject({
      tenders: [{ method: 'internal-device', amount: '20.00' }, { method: 'cash', amount: '30.00' }], cashRounding: '0.05', totalAmount: '47.33', offline: true,
    } satisfies Partial<TillPaymentBody>);
    expect(await till.db.invoices.get(REF)).toMatchObject({
      status: 'paid', paymentMethod: 'cash', cashReceived: '30.00', change: '2.65', rounding: '0.02',
      tenders: [{ method: 'internal-device', amount: '20.00', refunded: '0' }, { method: 'cash', amount: '27.33', refunded: '0' }],
    });
    expect(server.fetchMock).not.toHaveBeenCalled();

    const receipt = document.querySelector('.print-copy')?.textContent;
    expect(receipt).toContain('SwipeMVR 20.00');
    expect(receipt).toContain('CashMVR 27.33');
    expect(receipt).toContain('Cash receivedMVR 30.00');
    expect(receipt).toContain('ChangeMVR 2.65');
    expect(receipt).toContain('Cash roundingMVR 0.02');
  });

  it('takes a part back with its remove button; then F9 with nothing typed pays the cash due', async () => {
    await till.db.tillSettings.put({ key: 'cashRounding', value: '0.05' });
    await openDialog({ ...localOrder, totalAmount: '47.33' });
    typeInto(receivedInput(), '10');
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(parts()).toEqual(['CashMVR10.00']));
    typeInto(receivedInput(), '5');
    press(dialog(), 'F7');
    await waitFor(() => expect(parts()).toEqual(['CashMVR10.00', 'SwipeMVR5.00']));
    expect(figures()).toMatchObject({ Paid: 'MVR15.00', Remaining: 'MVR32.33' });

    await click(button(dialog(), 'Remove Cash MVR10.00'));
    expect(parts()).toEqual(['SwipeMVR5.00']);
    expect(figures()).toEqual({ Paid: 'MVR5.00', Remaining: 'MVR42.33', 'Cash due': 'MVR42.35' });
    press(dialog(), 'F9');
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));
    const [queued] = await till.db.outbox.toArray();
    expect(bodyOf(queued!)).toMatchObject({ tenders: [{ method: 'internal-device', amount: '5.00' }, { method: 'cash', amount: '42.35' }] });
    expect(await till.db.invoices.get(REF)).toMatchObject({ paymentMethod: 'cash', change: '0.00', rounding: '0.02' });
  });

  it('says core’s refusal of a part in place and takes nothing', async () => {
    await till.db.tillSettings.put({ key: 'cashRounding', value: '0.05' });
    await openDialog({ ...localOrder, totalAmount: '47.33' });
    await waitFor(() => expect(dialog().textContent).toContain('Cash dueMVR47.35'));
    typeInto(receivedInput(), '47.33');
    expect(dialog().textContent).toContain('Cash due is 47.35 (the shop rounds cash to 0.05)');
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Cash due is 47.35 (the shop rounds cash to 0.05)'));
    typeInto(receivedInput(), '50');
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('');
    await click(button(dialog(), 'Swipe'));
    await waitFor(() => expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Swipe of 50.00 is more than the 47.33 left to pay'));
    expect(parts()).toEqual([]);
    expect(await till.db.outbox.count()).toBe(0);
    expect(notify.error).not.toHaveBeenCalled();
    expect(button(dialog(), 'Cash').disabled).toBe(false);
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
