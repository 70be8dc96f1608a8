// @vitest-environment happy-dom
/** The till's Gift card dialog: selling or loading a card, with a confirmation, and checking a balance. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { button, click, envelope, field, renderElement, typeInto, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { localTill } from '../local/local-test-support';
import { movementsOf, openShift } from '../local/shift-commands';
import { GiftCardDialog } from './gift-card-dialog';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderElement>> | undefined;
let till: Awaited<ReturnType<typeof localTill>>;
const onClose = vi.fn();

const CARD = 'GC00017788';
const cardPath = `/api/v1/gift-card/${CARD}`;
const at = '2025-03-05T09:45:00Z';
const entry = (id: string, kind: string, amount: number, extra: object = {}) => ({ _id: id, kind, amount, invoiceId: null, method: null, createdAt: at, ...extra });
const answerSold = (balance: number, kind = 'sold') =>
  envelope(kind === 'sold' ? 201 : 200, {
    message: kind === 'sold' ? 'Gift card sold' : 'Gift card loaded',
    data: { card: { number: CARD, balance, createdAt: at }, entry: entry('e-9', kind, 50, { method: 'cash' }) },
  });

const dialog = () => {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('no dialog open');
  return found;
};
const alerts = () => [...dialog().querySelectorAll('[role="alert"]')].map((alert) => alert.textContent).filter(Boolean);
/** The words under a field that refuses what was typed. */
const fieldErrors = () => [...dialog().querySelectorAll('.field__error')].map((error) => error.textContent);
const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
const posts = () => server.requests().filter((request) => request.key === 'POST /api/v1/gift-card');

async function openDialog() {
  view = await renderElement(
    <GiftCardDialog data={till.data} currencyCode="MVR" timeZone="UTC" area="admin" userName="Mina" onClose={onClose} />,
  );
  return dialog();
}

/** The sale's form: number, amount, method, then Continue. */
async function fillSale(number: string, amount: string, method: 'Cash' | 'Swipe' = 'Cash') {
  typeInto(field(dialog(), 'Gift card number'), number);
  typeInto(field(dialog(), 'Amount (MVR)'), amount);
  const radio = [...dialog().querySelectorAll('label')].find((label) => label.textContent === method)?.querySelector('input');
  await click(radio!);
  await click(button(dialog(), 'Continue'));
}

beforeAll(loadCore);
beforeEach(async () => {
  till = await localTill();
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
});
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('the Gift card dialog', () => {
  it('sells a new card after a confirmation naming amount, card and method; cash goes into the open shift', async () => {
    online(true);
    const shift = await openShift(till.data, { openingFloat: '100', openedBy: 'Mina' });
    server.answers['POST /api/v1/gift-card'] = answerSold(50);
    await openDialog();
    expect(document.activeElement).toBe(field(dialog(), 'Gift card number'));
    await fillSale(' gc-0001 7788 ', '50');
    await waitFor(() => expect(dialog().textContent).toContain('Sell gift card GC00017788 for MVR 50.00 in cash?'));
    expect(posts()).toEqual([]);

    await click(button(dialog(), 'Sell'));
    await waitFor(() => expect(dialog().querySelector('[role="status"]')?.textContent).toBe('Gift card GC00017788 sold. Balance: MVR 50.00'));
    const [sent] = posts();
    expect(sent?.body).toEqual({ number: CARD, amount: '50', method: 'cash', ref: expect.any(String), shiftRef: shift._id });
    expect(notify.success).toHaveBeenCalledWith('Gift card GC00017788 sold. Balance: MVR 50.00');
    expect(await till.db.giftCards.get(CARD)).toMatchObject({ balance: '50' });
    expect(await movementsOf(till.db, shift._id)).toEqual([expect.objectContaining({ kind: 'payIn', amount: '50.00', reason: 'Gift card GC00017788 sold' })]);
    await click(button(dialog(), 'Done'));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the same ref again after a failure, so the card is sold once', async () => {
    online(true);
    server.answers['POST /api/v1/gift-card'] = envelope(500, { message: 'Something went wrong' });
    await openDialog();
    await fillSale(CARD, '25', 'Swipe');
    await waitFor(() => expect(dialog().textContent).toContain('Sell gift card GC00017788 for MVR 25.00 by swipe?'));
    await click(button(dialog(), 'Sell'));
    await waitFor(() => expect(alerts()).toEqual(['Something went wrong']));
    server.answers['POST /api/v1/gift-card'] = answerSold(25);
    await click(button(dialog(), 'Sell'));
    await waitFor(() => expect(dialog().textContent).toContain('Gift card GC00017788 sold. Balance: MVR 25.00'));
    const [first, second] = posts();
    expect(second?.body).toEqual(first?.body);
    expect(first?.body).toEqual({ number: CARD, amount: '25', method: 'internal-device', ref: expect.any(String) });
  });

  it('asks to load a card sold before, saying what it holds', async () => {
    online(true);
    server.answers[`GET ${cardPath}`] = envelope(200, { data: { number: CARD, balance: 20, createdAt: at, entries: [] } });
    server.answers['POST /api/v1/gift-card'] = answerSold(70, 'load');
    await openDialog();
    await fillSale(CARD, '50');
    await waitFor(() => expect(dialog().textContent).toContain('Load MVR 50.00 onto gift card GC00017788 in cash? It holds MVR 20.00 now.'));
    await click(button(dialog(), 'Load'));
    await waitFor(() => expect(dialog().textContent).toContain('Gift card GC00017788 loaded. Balance: MVR 70.00'));
  });

  it('says core’s word on a number or an amount it refuses, and sends nothing', async () => {
    online(true);
    await openDialog();
    await fillSale('12', '50');
    await waitFor(() => expect(fieldErrors()).toEqual(['A gift card number is 6 to 24 letters or digits']));
    await fillSale(CARD, '0');
    await waitFor(() => expect(fieldErrors()).toEqual(['Amount must be more than 0']));
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('offline, says selling a card needs a connection', async () => {
    online(false);
    await openDialog();
    expect(dialog().textContent).toContain('Selling a gift card needs a connection');
    expect(button(dialog(), 'Continue').disabled).toBe(true);
  });

  it('checks a card’s balance with its ledger, newest first, and keeps the balance for offline', async () => {
    online(true);
    server.answers[`GET ${cardPath}`] = envelope(200, {
      data: {
        number: CARD, balance: 40, createdAt: at,
        entries: [
          entry('e-4', 'refund', 10, { invoiceId: 'inv-7' }),
          entry('e-3', 'payment', -30, { invoiceId: 'inv-7' }),
          entry('e-2', 'load', 10, { method: 'internal-device' }),
          entry('e-1', 'sold', 50, { method: 'cash' }),
        ],
      },
    });
    await openDialog();
    typeInto(field(dialog(), 'Gift card number'), 'gc 0001 7788');
    await click(button(dialog(), 'Check balance'));
    await waitFor(() => expect(dialog().querySelector('[role="status"]')?.textContent).toBe('Gift card GC00017788: MVR 40.00'));
    const rows = [...dialog().querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Refund', 'MVR 10.00', 'Invoice'],
      ['Payment', 'MVR -30.00', 'Invoice'],
      ['Loaded (Swipe)', 'MVR 10.00', ''],
      ['Sold (Cash)', 'MVR 50.00', ''],
    ]);
    expect(dialog().querySelector('tbody a')?.getAttribute('href')).toBe('/admin/invoice/data/inv-7');
    expect(await till.db.giftCards.get(CARD)).toMatchObject({ balance: '40' });
  });

  it('offline, shows the balance this till last learnt, or says the card was never checked here', async () => {
    online(false);
    await till.db.giftCards.put({ number: CARD, balance: '20', learntAt: Date.UTC(2025, 2, 5, 9, 45) });
    await openDialog();
    typeInto(field(dialog(), 'Gift card number'), CARD);
    await click(button(dialog(), 'Check balance'));
    await waitFor(() => expect(dialog().textContent).toContain('Gift card GC00017788: MVR 20.00'));
    expect(dialog().textContent).toContain('Offline: the balance when this till last checked it, Mar 5, 2025, 9:45 AM.');
    typeInto(field(dialog(), 'Gift card number'), 'GC00019999');
    await click(button(dialog(), 'Check balance'));
    await waitFor(() => expect(alerts()).toEqual(['This card has not been checked on this till yet: check it while online']));
    expect(server.fetchMock).not.toHaveBeenCalled();
  });
});
