// @vitest-environment happy-dom
/** Paying with a customer's store credit at the till: offered only with credit, bounded by core. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { loadCore } from '@/test/core';
import { cornerGrocery } from '@/test/identity-fixtures';
import { button, click, renderElement, typeInto, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { openOrder } from '../invoices/test-fixtures';
import { aishaRow, localTill, walkInRow } from '../local/local-test-support';
import { pay } from '../local/payment-commands';
import { storeCreditFor } from '../local/store-credit';
import { TillDataProvider } from '../local/till-data-context';
import type { LocalInvoice, TillPaymentBody } from '@/features/offline';
import { bodyOf } from '@/features/offline/testing';
import { invoiceFromWire } from '@/types/invoice-wire';
import { PaymentDialog } from './payment-dialog';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));
vi.mock('./browser', () => ({ browser: { goTo: vi.fn(), print: vi.fn() } }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderElement>> | undefined;
let till: Awaited<ReturnType<typeof localTill>>;
const paidAt = Date.UTC(2025, 2, 5, 9, 45);

/** Aisha's open order (109.50) as the till holds it locally. */
const REF = '0b0e9f5c-7a4d-4c1e-9d7e-000000000007';
const localOrder: LocalInvoice = {
  ...invoiceFromWire(openOrder), _id: REF, ref: REF, invoiceNumber: '', provisionalNumber: '7F3A-0012', serverId: null, origin: 'till',
};
/** An earlier sale of Aisha's on this till. */
const EARLIER = '0b0e9f5c-7a4d-4c1e-9d7e-000000000006';

const dialog = () => {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('no dialog open');
  return found;
};
const receivedInput = () => {
  const label = [...dialog().querySelectorAll('label')].find((candidate) => candidate.textContent === 'Received amount');
  return document.getElementById(label!.htmlFor) as HTMLInputElement;
};
const buttonNames = () => [...dialog().querySelectorAll('button')].map((candidate) => candidate.textContent);
const parts = () => [...dialog().querySelectorAll('.payment-dialog__part')].map((part) => part.textContent);
const alertText = () => dialog().querySelector('[role="alert"]')?.textContent;

async function openDialog(invoice: LocalInvoice = localOrder) {
  await till.db.invoices.put(invoice);
  view = await renderElement(
    <TillDataProvider value={{ ...till.data, now: () => paidAt }}>
      <PaymentDialog invoice={invoice} onClose={vi.fn()} onDone={vi.fn()} />
    </TillDataProvider>,
  );
  return dialog();
}

beforeAll(loadCore);
beforeEach(async () => {
  till = await localTill(() => ({ data: null }));
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
});

describe('store credit in the payment dialog', () => {
  it('is not offered to a customer without store credit', async () => {
    await openDialog();
    expect(buttonNames()).toEqual(['Gift card', 'Cash', 'Swipe', 'Pay', 'Cancel']);
  });

  it('is never offered to the walk-in customer', async () => {
    await till.db.customers.put({ ...walkInRow, storeCredit: 50 });
    const walkIn = { _id: walkInRow._id, customerName: walkInRow.customerName, phoneNumber: '', walkIn: true as const };
    await openDialog({ ...localOrder, customer: walkIn });
    // Wait for the customer's row to have been read before saying no button shows.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(buttonNames()).toEqual(['Gift card', 'Cash', 'Swipe', 'Pay', 'Cancel']);
    expect(await storeCreditFor(till.db, walkIn)).toBeNull();
  });

  it('takes what is available as a part, then cash pays the rest; the customer’s row is left to the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await till.db.customers.put({ ...aishaRow, storeCredit: 30 });
    await openDialog();
    await waitFor(() => expect(buttonNames()[0]).toBe('Store credit MVR 30.00 available'));

    await click(button(dialog(), 'Store credit MVR 30.00 available'));
    await waitFor(() => expect(parts()).toEqual(['Store creditMVR30.00']));
    expect(dialog().textContent).toContain('RemainingMVR79.50');
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));

    const [queued, ...more] = await till.db.outbox.toArray();
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ kind: 'paySplit', action: { type: 'payInvoice', invoiceRef: REF } });
    expect(bodyOf(queued!)).toMatchObject({
      tenders: [{ method: 'store-credit', amount: '30.00' }, { method: 'cash', amount: '79.50' }],
    } satisfies Partial<TillPaymentBody>);
    expect(await till.db.invoices.get(REF)).toMatchObject({
      status: 'paid', tenders: [{ method: 'store-credit', amount: '30.00', refunded: '0' }, { method: 'cash', amount: '79.50', refunded: '0' }],
    });
    expect((await till.db.customers.get(aishaRow._id))?.storeCredit).toBe(30);
    expect(document.querySelector('.print-copy')?.textContent).toContain('Store creditMVR 30.00');
  });

  it('pays the whole sale from store credit when it covers it', async () => {
    await till.db.customers.put({ ...aishaRow, storeCredit: 200 });
    await openDialog();
    await waitFor(() => expect(buttonNames()[0]).toBe('Store credit MVR 200.00 available'));
    await click(button(dialog(), 'Store credit MVR 200.00 available'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));
    const [queued] = await till.db.outbox.toArray();
    expect(queued).toMatchObject({ kind: 'payStoreCredit' });
    expect(bodyOf(queued!)).toMatchObject({ tenders: [{ method: 'store-credit', amount: '109.50' }] });
    expect(await till.db.invoices.get(REF)).toMatchObject({ status: 'paid', paymentMethod: 'store-credit' });
    expect(document.querySelector('.print-copy')?.textContent).toContain('Payment methodStore credit');
  });

  it('says core’s refusal in place when the amount typed is more than the credit', async () => {
    await till.db.customers.put({ ...aishaRow, storeCredit: 30 });
    await openDialog();
    await waitFor(() => expect(buttonNames()[0]).toBe('Store credit MVR 30.00 available'));
    typeInto(receivedInput(), '40');
    await click(button(dialog(), 'Store credit MVR 30.00 available'));
    await waitFor(() => expect(alertText()).toBe('Store credit of 40.00 is more than the 30.00 the customer has'));
    expect(parts()).toEqual([]);
    expect(await till.db.outbox.count()).toBe(0);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('holds what this till’s unsent sales spent: only the rest is available', async () => {
    await till.db.customers.put({ ...aishaRow, storeCredit: 30 });
    // An earlier sale of Aisha's paid 10.00 from her credit, offline: still in the outbox.
    await till.db.invoices.put({ ...localOrder, _id: EARLIER, ref: EARLIER, provisionalNumber: '7F3A-0011' });
    await pay(till.data, EARLIER, { tenders: [{ method: 'store-credit', amount: '10' }, { method: 'cash', amount: '99.50' }], cashRounding: '0' }, { offline: true });
    expect(await till.db.outbox.count()).toBe(1);

    await openDialog();
    await waitFor(() => expect(buttonNames()[0]).toBe('Store credit MVR 20.00 available'));
    typeInto(receivedInput(), '25');
    await click(button(dialog(), 'Store credit MVR 20.00 available'));
    await waitFor(() => expect(alertText()).toBe('Store credit of 25.00 is more than the 20.00 the customer has'));
    typeInto(receivedInput(), '');
    await click(button(dialog(), 'Store credit MVR 20.00 available'));
    await waitFor(() => expect(parts()).toEqual(['Store creditMVR20.00']));
  });

  it('lets the till refuse spending credit the customer does not have, even without the dialog', async () => {
    await till.db.invoices.put(localOrder);
    await expect(pay(till.data, REF, { tenders: [{ method: 'store-credit', amount: '109.50' }], cashRounding: '0' }, { offline: true })).rejects.toThrow(
      'The customer has no store credit to spend',
    );
    expect(await till.db.outbox.count()).toBe(0);
  });
});
