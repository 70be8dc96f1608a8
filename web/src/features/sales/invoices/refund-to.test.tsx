// @vitest-environment happy-dom
/**
 * An admin refunding a sale paid in parts says where the money goes back: core's default split
 * fills the amounts, an edited split is checked by core in place and sent as the refund's `to`.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { loadBackOffice } from '@/test/back-office-core';
import { loadCore } from '@/test/core';
import { aishaAdmin, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, field, renderRoutes, typeInto, waitFor } from '@/test/render';
import { openDialog } from '@/test/screens';
import { stubServer } from '@/test/stub-server';
import type { WireInvoice } from '@/types/invoice-wire';
import { paidInvoice } from './test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));
vi.mock('../payment/browser', () => ({ browser: { goTo: vi.fn(), print: vi.fn() } }));

const refundRoute = 'PUT /api/v1/payment/inv-7/invoice';
/** Rice and cola, 109.50: 60.00 swiped first, then 49.50 in cash. */
const paidInParts: WireInvoice = {
  ...paidInvoice,
  paymentMethod: 'internal-device',
  tenders: [
    { method: 'internal-device', amount: 60, refunded: 0 },
    { method: 'cash', amount: 49.5, refunded: 0 },
  ],
};

/** The shop's walk-in customer as an invoice names it: no phone number. */
const walkIn = { _id: 'c-walk-in', customerName: 'Walk-in customer', phoneNumber: '' };

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sentBodies = () => server.requests().filter((request) => request.key === refundRoute).map((request) => request.body);
const section = (container: HTMLElement) =>
  [...container.querySelectorAll('fieldset')].find((candidate) => candidate.querySelector('legend')?.textContent === 'Money goes back to');
const splitRows = (container: HTMLElement) =>
  [...section(container)!.querySelectorAll('.refund-to__row')].map((row) => [
    row.querySelector('label')!.textContent,
    row.querySelector('.refund-to__left')!.textContent,
    row.querySelector('input')!.value,
  ]);
const splitAlert = (container: HTMLElement) => section(container)!.querySelector('[role="alert"]')!.textContent;

async function open(invoice: WireInvoice) {
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: aishaAdmin });
  server.answers['GET /api/v1/invoice/inv-7'] = envelope(200, { data: invoice });
  view = await renderRoutes(routes, '/admin/invoice/data/inv-7');
  await waitFor(() => expect(view!.container.textContent).toContain('RemainingMVR 109.50'));
  return view.container;
}

/** Enter in a field of the form: the browser submits the form. */
const pressEnter = (input: HTMLInputElement) =>
  act(async () => {
    input.form!.requestSubmit();
  });

beforeAll(async () => {
  await loadCore();
  await loadBackOffice();
});
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
});

describe('where a refund of a sale paid in parts goes back', () => {
  it('fills in core’s default split as the amount changes, confirms it and sends no `to`', async () => {
    server.answers[refundRoute] = envelope(200, { data: { ...paidInParts, refundedAmount: 55 } });
    const container = await open(paidInParts);
    expect(section(container)).toBeUndefined();
    typeInto(field(container, 'Refund amount'), '30');
    expect(splitRows(container)).toEqual([
      ['Refund to Swipe', 'up to MVR 60.00', '0.00'],
      ['Refund to Cash', 'up to MVR 49.50', '30.00'],
      ['Refund to Store credit', 'any part of the refund', '0.00'],
    ]);
    typeInto(field(container, 'Refund amount'), '55');
    expect(field(container, 'Refund to Swipe').value).toBe('5.50');
    expect(field(container, 'Refund to Cash').value).toBe('49.50');
    expect(() => button(container, 'Reset')).toThrow();

    await pressEnter(field(container, 'Refund to Cash'));
    expect(openDialog()?.textContent).toContain('Refund MVR 55.00 of INV-000007?');
    expect(openDialog()?.textContent).toContain('Goes back as Swipe MVR 5.50, Cash MVR 49.50. A refund cannot be undone.');
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Refund accepted', { id: 'refund-accepted', position: 'top-right' }));
    expect(sentBodies()).toEqual([{ amount: '55' }]);
  });

  it('sends the split the admin typed as `to`, keeps it while the amount changes, and Reset goes back to the default', async () => {
    server.answers[refundRoute] = envelope(200, { data: { ...paidInParts, refundedAmount: 55 } });
    const container = await open(paidInParts);
    typeInto(field(container, 'Refund amount'), '55');
    typeInto(field(container, 'Refund to Swipe'), '20');
    typeInto(field(container, 'Refund to Cash'), '35');
    typeInto(field(container, 'Refund amount'), '50');
    expect(field(container, 'Refund to Swipe').value).toBe('20');
    expect(splitAlert(container)).toBe("The refund's parts add up to 55.00, not the 50.00 refunded");
    await click(button(container, 'Reset'));
    expect(field(container, 'Refund to Swipe').value).toBe('0.50');
    expect(field(container, 'Refund to Cash').value).toBe('49.50');

    typeInto(field(container, 'Refund amount'), '55');
    typeInto(field(container, 'Refund to Swipe'), '20');
    typeInto(field(container, 'Refund to Cash'), '35');
    expect(splitAlert(container)).toBe('');
    await click(button(container, 'Refund amount…'));
    expect(openDialog()?.textContent).toContain('Goes back as Swipe MVR 20.00, Cash MVR 35.00. A refund cannot be undone.');
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBodies()).toEqual([
      {
        amount: '55',
        to: [
          { method: 'internal-device', amount: '20.00' },
          { method: 'cash', amount: '35.00' },
        ],
      },
    ]);
  });

  it('sends no `to` when the typed split is the default one', async () => {
    server.answers[refundRoute] = envelope(200, { data: { ...paidInParts, refundedAmount: 55 } });
    const container = await open(paidInParts);
    typeInto(field(container, 'Refund amount'), '55');
    typeInto(field(container, 'Refund to Swipe'), '5.5');
    await click(button(container, 'Refund amount…'));
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBodies()).toEqual([{ amount: '55' }]);
  });

  it('shows core’s refusal of a split that does not add up or asks too much of a method, and Refund waits', async () => {
    const container = await open(paidInParts);
    typeInto(field(container, 'Refund amount'), '55');
    typeInto(field(container, 'Refund to Swipe'), '20');
    typeInto(field(container, 'Refund to Cash'), '30');
    expect(splitAlert(container)).toBe("The refund's parts add up to 50.00, not the 55.00 refunded");
    expect(button(container, 'Refund amount…').disabled).toBe(true);
    const swipe = field(container, 'Refund to Swipe');
    expect(swipe.getAttribute('aria-invalid')).toBe('true');
    const described = swipe.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['up to MVR 60.00', splitAlert(container)]);

    typeInto(field(container, 'Refund to Swipe'), '');
    typeInto(field(container, 'Refund to Cash'), '55');
    expect(splitAlert(container)).toBe('Cash took 49.50; at most 49.50 of it can go back');
    expect(button(container, 'Refund amount…').disabled).toBe(true);

    typeInto(field(container, 'Refund to Cash'), '5x');
    expect(splitAlert(container)).toBe('Enter an amount like 12.50 to refund to Cash');
    await pressEnter(field(container, 'Refund to Cash'));
    expect(openDialog()).toBeNull();
    expect(sentBodies()).toEqual([]);
  });

  it('shows the server’s refusal of a split', async () => {
    server.answers[refundRoute] = envelope(400, { message: 'Swipe took 60.00; at most 40.00 of it can go back' });
    const container = await open(paidInParts);
    typeInto(field(container, 'Refund amount'), '55');
    typeInto(field(container, 'Refund to Swipe'), '55');
    typeInto(field(container, 'Refund to Cash'), '');
    await click(button(container, 'Refund amount…'));
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Swipe took 60.00; at most 40.00 of it can go back'));
    expect(sentBodies()).toEqual([{ amount: '55', to: [{ method: 'internal-device', amount: '55.00' }] }]);
    expect(container.textContent).toContain('Swipe took 60.00; at most 40.00 of it can go back');
  });

  it('splits a refund of returned goods too, sending the goods with where their money goes', async () => {
    server.answers[refundRoute] = envelope(200, { data: { ...paidInParts, refundedAmount: 40.5 } });
    const container = await open(paidInParts);
    typeInto(container.querySelector<HTMLInputElement>('input[aria-label="Return quantity of Basmati rice"]')!, '1');
    expect(container.textContent).toContain('Refund for these goods: MVR 40.50');
    expect(splitRows(container).map((row) => row[2])).toEqual(['0.00', '40.50', '0.00']);
    typeInto(field(container, 'Refund to Swipe'), '40.50');
    typeInto(field(container, 'Refund to Cash'), '0');
    await pressEnter(field(container, 'Refund to Swipe'));
    expect(openDialog()?.textContent).toContain('Goes back as Swipe MVR 40.50. A refund cannot be undone.');
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBodies()).toEqual([{ products: [{ productId: 'prod-1', quantity: '1' }], to: [{ method: 'internal-device', amount: '40.50' }] }]);
  });

  it('shows a card part like the others', async () => {
    const byCardAndCash = { ...paidInParts, tenders: [{ method: 'digital', amount: 100, refunded: 0 }, { method: 'cash', amount: 9.5, refunded: 0 }] };
    const container = await open(byCardAndCash as WireInvoice);
    typeInto(field(container, 'Refund amount'), '20');
    expect(splitRows(container)).toEqual([
      ['Refund to Card', 'up to MVR 100.00', '10.50'],
      ['Refund to Cash', 'up to MVR 9.50', '9.50'],
    ]);
  });

  it('keeps a walk-in customer’s sale paid by one method to the amount alone', async () => {
    const byCash = { ...paidInvoice, customer: walkIn, tenders: [{ method: 'cash', amount: 109.5, refunded: 0 }] } as WireInvoice;
    server.answers[refundRoute] = envelope(200, { data: { ...byCash, refundedAmount: 20 } });
    const container = await open(byCash);
    typeInto(field(container, 'Refund amount'), '20');
    expect(section(container)).toBeUndefined();
    expect(container.textContent).not.toContain('Money goes back to');
    await click(button(container, 'Refund amount…'));
    expect(openDialog()?.textContent).toContain('Paid by Cash.');
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBodies()).toEqual([{ amount: '20' }]);
  });
});

describe('a refund sent to store credit', () => {
  const byCash = { ...paidInvoice, tenders: [{ method: 'cash', amount: 109.5, refunded: 0 }] } as WireInvoice;

  it('offers Store credit at 0 for a named customer’s one-method sale, and sends the typed part as `to`', async () => {
    server.answers[refundRoute] = envelope(200, { data: { ...byCash, refundedAmount: 30 } });
    const container = await open(byCash);
    typeInto(field(container, 'Refund amount'), '30');
    expect(splitRows(container)).toEqual([
      ['Refund to Cash', 'up to MVR 109.50', '30.00'],
      ['Refund to Store credit', 'any part of the refund', '0.00'],
    ]);
    typeInto(field(container, 'Refund to Store credit'), '20');
    typeInto(field(container, 'Refund to Cash'), '10');
    expect(splitAlert(container)).toBe('');
    await click(button(container, 'Refund amount…'));
    expect(openDialog()?.textContent).toContain('Goes back as Cash MVR 10.00, Store credit MVR 20.00. A refund cannot be undone.');
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBodies()).toEqual([
      {
        amount: '30',
        to: [
          { method: 'cash', amount: '10.00' },
          { method: 'store-credit', amount: '20.00' },
        ],
      },
    ]);
  });

  it('lets store credit take all of a split sale’s refund, checked by core', async () => {
    server.answers[refundRoute] = envelope(200, { data: { ...paidInParts, refundedAmount: 55 } });
    const container = await open(paidInParts);
    typeInto(field(container, 'Refund amount'), '55');
    typeInto(field(container, 'Refund to Store credit'), '50');
    typeInto(field(container, 'Refund to Cash'), '');
    typeInto(field(container, 'Refund to Swipe'), '');
    expect(splitAlert(container)).toBe("The refund's parts add up to 50.00, not the 55.00 refunded");
    expect(button(container, 'Refund amount…').disabled).toBe(true);
    typeInto(field(container, 'Refund to Store credit'), '55');
    expect(splitAlert(container)).toBe('');
    await click(button(container, 'Refund amount…'));
    expect(openDialog()?.textContent).toContain('Goes back as Store credit MVR 55.00.');
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(sentBodies()).toEqual([{ amount: '55', to: [{ method: 'store-credit', amount: '55.00' }] }]);
  });

  it('is not offered for the walk-in customer, nor for a sale paid by card', async () => {
    const container = await open({ ...byCash, customer: walkIn } as WireInvoice);
    typeInto(field(container, 'Refund amount'), '20');
    expect(section(container)).toBeUndefined();
    view?.unmount();

    const byCard = { ...paidInvoice, paymentMethod: 'digital', tenders: [{ method: 'digital', amount: 109.5, refunded: 0 }] } as WireInvoice;
    const again = await open(byCard);
    typeInto(field(again, 'Refund amount'), '20');
    expect(section(again)).toBeUndefined();
    expect(again.textContent).not.toContain('Store credit');
  });

  it('sends a refund back to the gift card that paid part of the sale, the card named by its last 4', async () => {
    const byGiftCard = {
      ...paidInvoice,
      customer: walkIn,
      paymentMethod: 'cash',
      tenders: [
        { method: 'gift-card', amount: 30, refunded: 0, card: 'GC00017788' },
        { method: 'cash', amount: 79.5, refunded: 0 },
      ],
    } as WireInvoice;
    server.answers[refundRoute] = envelope(200, { data: { ...byGiftCard, refundedAmount: 30 } });
    const container = await open(byGiftCard);
    const paidBy = [...container.querySelectorAll('.invoice-tenders__table tbody th')].map((cell) => cell.textContent);
    expect(paidBy).toEqual(['Gift card ••7788', 'Cash']);
    typeInto(field(container, 'Refund amount'), '30');
    expect(splitRows(container)).toEqual([
      ['Refund to Gift card', 'up to MVR 30.00', '0.00'],
      ['Refund to Cash', 'up to MVR 79.50', '30.00'],
    ]);
    typeInto(field(container, 'Refund to Cash'), '0');
    typeInto(field(container, 'Refund to Gift card'), '30');
    await pressEnter(field(container, 'Refund to Gift card'));
    expect(openDialog()?.textContent).toContain('Goes back as Gift card MVR 30.00.');
    await click(button(openDialog()!, 'Refund'));
    await waitFor(() => expect(sentBodies()).toEqual([{ amount: '30', to: [{ method: 'gift-card', amount: '30.00' }] }]));
  });
});
