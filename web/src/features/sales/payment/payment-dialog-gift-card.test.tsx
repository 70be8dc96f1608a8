// @vitest-environment happy-dom
/** Paying with a gift card at the till: the card's number, its balance online and offline, one card a sale. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { loadCore } from '@/test/core';
import { cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, field, renderElement, typeInto, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { openOrder } from '../invoices/test-fixtures';
import { GIFT_CARD_NOT_CHECKED } from '../local/gift-card';
import { localTill } from '../local/local-test-support';
import { pay } from '../local/payment-commands';
import { TillDataProvider } from '../local/till-data-context';
import type { LocalInvoice, TillPaymentBody } from '@/features/offline';
import { bodyOf } from '@/features/offline/testing';
import { invoiceFromWire } from '@/types/invoice-wire';
import { browser } from './browser';
import { partsBeforeCard } from './parts-before-card';
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
/** An earlier sale on this till. */
const EARLIER = '0b0e9f5c-7a4d-4c1e-9d7e-000000000006';
const CARD = 'GC00017788';
const cardPath = `GET /api/v1/gift-card/${CARD}`;
const cardAnswer = (balance: number) =>
  envelope(200, { message: 'Gift card', data: { number: CARD, balance, createdAt: '2025-03-01T09:00:00Z', entries: [] } });

const dialog = () => {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('no dialog open');
  return found;
};
const buttonNames = () => [...dialog().querySelectorAll('button')].map((candidate) => candidate.textContent);
const parts = () => [...dialog().querySelectorAll('.payment-dialog__part')].map((part) => part.textContent);
const alerts = () => [...dialog().querySelectorAll('[role="alert"]')].map((alert) => alert.textContent).filter(Boolean);
const cardButton = (label: string) => button(dialog(), label);
const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

async function openDialog(invoice: LocalInvoice = localOrder) {
  await till.db.invoices.put(invoice);
  view = await renderElement(
    <TillDataProvider value={{ ...till.data, now: () => paidAt }}>
      <PaymentDialog invoice={invoice} onClose={vi.fn()} onDone={vi.fn()} />
    </TillDataProvider>,
  );
  return dialog();
}

/** Gift card, the number as the cashier typed or scanned it, then Check card. */
async function enterCard(typed: string) {
  const opener = [...dialog().querySelectorAll('button')].find((candidate) => ['Gift card', 'Other gift card'].includes(candidate.textContent ?? ''));
  await click(opener!);
  const input = field(dialog(), 'Gift card number');
  expect(document.activeElement).toBe(input);
  typeInto(input, typed);
  await click(button(dialog(), 'Check card'));
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
  vi.restoreAllMocks();
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe('a gift card in the payment dialog', () => {
  it('online, learns the card’s balance, takes it as a part, and cash pays the rest; the card goes into the queued payment', async () => {
    online(true);
    server.answers[cardPath] = cardAnswer(30);
    await openDialog();
    await enterCard(' gc-0001 7788 ');
    await waitFor(() => expect(buttonNames()).toContain('Gift card GC…7788: MVR 30.00 available'));
    expect(server.requests().map((request) => request.key)).toEqual([cardPath]);
    // The till keeps what it learnt, for a later sale offline.
    expect(await till.db.giftCards.get(CARD)).toEqual({ number: CARD, balance: '30', learntAt: paidAt });

    await click(cardButton('Gift card GC…7788: MVR 30.00 available'));
    await waitFor(() => expect(parts()).toEqual(['Gift card ••7788MVR30.00']));
    expect(dialog().textContent).toContain('RemainingMVR79.50');
    // Core counts what is left on the card after the part taken.
    expect(buttonNames()).toContain('Gift card GC…7788: MVR 0.00 available');
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));

    const [queued, ...more] = await till.db.outbox.toArray();
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ kind: 'paySplit', action: { type: 'payInvoice', invoiceRef: REF } });
    expect(bodyOf(queued!)).toMatchObject({
      tenders: [{ method: 'gift-card', amount: '30.00', card: CARD }, { method: 'cash', amount: '79.50' }],
    } satisfies Partial<TillPaymentBody>);
    expect(await till.db.invoices.get(REF)).toMatchObject({
      status: 'paid',
      tenders: [{ method: 'gift-card', amount: '30.00', refunded: '0', card: CARD }, { method: 'cash', amount: '79.50', refunded: '0' }],
    });
    // The sale is held against the card; its kept balance waits for the server's word.
    expect((await till.db.giftCards.get(CARD))?.balance).toBe('30');
    expect(document.querySelector('.print-copy')?.textContent).toContain('Gift card ••7788MVR 30.00');
  });

  it('sends the gift card part with its number when the card (Stripe) pays the rest; nothing is spent at the till', async () => {
    online(true);
    server.answers[cardPath] = cardAnswer(30);
    server.answers['POST /api/v1/payment/card/invoice/inv-7'] = envelope(200, {
      data: { session: { id: 'cs_test_3', url: 'https://checkout.stripe.test/c/pay/cs_test_3' }, invoice: openOrder },
    });
    await till.db.invoiceNumbers.put({ ref: REF, serverId: 'inv-7', invoiceNumber: 'INV-000007' });
    await openDialog();
    await enterCard(CARD);
    await waitFor(() => expect(buttonNames()).toContain('Gift card GC…7788: MVR 30.00 available'));
    await click(cardButton('Gift card GC…7788: MVR 30.00 available'));
    await waitFor(() => expect(parts()).toEqual(['Gift card ••7788MVR30.00']));

    await click(button(dialog(), 'Pay'));
    await waitFor(() => expect(browser.goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_3'));
    expect(server.requests().find((request) => request.key === 'POST /api/v1/payment/card/invoice/inv-7')?.body).toEqual({
      tenders: [{ method: 'gift-card', amount: '30.00', card: CARD }], cashRounding: '0',
    });
    expect(partsBeforeCard('inv-7')).toEqual([{ method: 'gift-card', amount: '30.00', card: CARD }]);
    // The server takes the card's part once Stripe confirms: the till holds nothing against it.
    expect(await till.db.outbox.count()).toBe(0);
    expect((await till.db.giftCards.get(CARD))?.balance).toBe('30');
  });

  it('pays the whole sale from a card that covers it, queued as a gift card payment', async () => {
    online(true);
    server.answers[cardPath] = cardAnswer(500);
    await openDialog();
    await enterCard(CARD);
    await waitFor(() => expect(buttonNames()).toContain('Gift card GC…7788: MVR 500.00 available'));
    await click(cardButton('Gift card GC…7788: MVR 500.00 available'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Proceed to print?'));
    const [queued] = await till.db.outbox.toArray();
    expect(queued).toMatchObject({ kind: 'payGiftCard' });
    expect(bodyOf(queued!)).toMatchObject({ tenders: [{ method: 'gift-card', amount: '109.50', card: CARD }] });
    expect(await till.db.invoices.get(REF)).toMatchObject({ status: 'paid', paymentMethod: 'gift-card' });
  });

  it('offline, spends a card checked here before, less what this till’s unsent sales took from it', async () => {
    online(false);
    await till.db.giftCards.put({ number: CARD, balance: '30', learntAt: paidAt - 60_000 });
    // An earlier sale paid 10.00 from the card, offline: still in the outbox.
    await till.db.invoices.put({ ...localOrder, _id: EARLIER, ref: EARLIER, provisionalNumber: '7F3A-0011' });
    await pay(till.data, EARLIER, { tenders: [{ method: 'gift-card', amount: '10', card: CARD }, { method: 'cash', amount: '99.50' }], cashRounding: '0' }, { offline: true });

    await openDialog();
    await enterCard(CARD);
    await waitFor(() => expect(buttonNames()).toContain('Gift card GC…7788: MVR 20.00 available'));
    typeInto(field(dialog(), 'Received amount'), '25');
    await click(cardButton('Gift card GC…7788: MVR 20.00 available'));
    await waitFor(() => expect(alerts()).toContain('Gift card of 25.00 is more than the 20.00 on the card'));
    expect(parts()).toEqual([]);
    typeInto(field(dialog(), 'Received amount'), '');
    await click(cardButton('Gift card GC…7788: MVR 20.00 available'));
    await waitFor(() => expect(parts()).toEqual(['Gift card ••7788MVR20.00']));
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('offline, refuses a card this till never checked', async () => {
    online(false);
    await openDialog();
    await enterCard(CARD);
    await waitFor(() => expect(alerts()).toEqual([GIFT_CARD_NOT_CHECKED]));
    expect(buttonNames().some((name) => name?.startsWith('Gift card GC'))).toBe(false);
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('says core’s word on a number that cannot be a card, and the server’s on a card the shop does not have', async () => {
    online(true);
    await openDialog();
    await enterCard('12-34');
    await waitFor(() => expect(alerts()).toEqual(['A gift card number is 6 to 24 letters or digits']));
    expect(server.fetchMock).not.toHaveBeenCalled();

    typeInto(field(dialog(), 'Gift card number'), 'GC00019999');
    await click(button(dialog(), 'Check card'));
    await waitFor(() => expect(alerts()).toEqual(['No gift card GC00019999 in this shop']));
    expect(await till.db.giftCards.count()).toBe(0);
  });

  it('takes one gift card a sale: a second card is refused once the first paid a part', async () => {
    online(true);
    server.answers[cardPath] = cardAnswer(30);
    await openDialog();
    await enterCard(CARD);
    await waitFor(() => expect(buttonNames()).toContain('Gift card GC…7788: MVR 30.00 available'));
    typeInto(field(dialog(), 'Received amount'), '10');
    await click(cardButton('Gift card GC…7788: MVR 30.00 available'));
    await waitFor(() => expect(parts()).toEqual(['Gift card ••7788MVR10.00']));

    await enterCard('GC00019999');
    await waitFor(() => expect(alerts()).toEqual(['This sale is already paid in part by gift card GC00017788: a sale takes one gift card']));
    expect(server.requests().map((request) => request.key)).toEqual([cardPath]);
    expect(await till.db.outbox.count()).toBe(0);
  });
});
