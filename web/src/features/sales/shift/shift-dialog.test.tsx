// @vitest-environment happy-dom
/** The till's shift dialog on a real local database: open, pay out, count and close. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { button, click, envelope, renderRoutes, typeInto, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { localTill } from '../local/local-test-support';
import { openShiftOf, takeServerShift } from '../local/shift-commands';
import { cashRoundingOf } from '../local/cash-rounding';
import { ShiftDialog, type ShiftGrants } from './shift-dialog';
import { readTillShift, useTillShift } from './use-till-shift';
import type { TillData } from '../local/till-data';

beforeAll(loadCore);
let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  server = stubServer();
  // The shop lets a sale open a shift by itself; this device has no shift on the server.
  server.answers['GET /api/v1/shop/shift-settings'] = envelope(200, { data: { requireOpenShift: false } });
  vi.stubGlobal('fetch', server.fetchMock);
});

let till: Awaited<ReturnType<typeof localTill>>;
let unmount: (() => void) | null = null;
afterEach(async () => {
  unmount?.();
  till.engine.stop();
  await till.engine.settled();
});

/** The dialog as the cart page shows it, on the live local state. */
const everything: ShiftGrants = { openClose: true, moveCash: true };

function Harness({ data, may }: { data: TillData; may: ShiftGrants }) {
  const state = useTillShift(data);
  return state ? <ShiftDialog data={data} state={state} userName="Mina" currencyCode="MVR" may={may} onClose={() => undefined} /> : null;
}

async function openDialog(may: ShiftGrants = everything) {
  const view = await renderRoutes([{ path: '/', element: <Harness data={till.data} may={may} /> }], '/');
  unmount = view.unmount;
  return view;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const field = (label: RegExp) => {
  const found = [...dialog().querySelectorAll('label')].find((candidate) => label.test(candidate.textContent ?? ''));
  return document.getElementById(found!.htmlFor) as HTMLInputElement;
};
const figure = (label: string) => {
  const row = [...dialog().querySelectorAll('.shift-figures > div')].find((candidate) => candidate.querySelector('dt')?.textContent === label);
  return row?.querySelector('dd')?.textContent;
};

describe('the shift dialog', () => {
  it('refuses a float core refuses, then opens the shift with the float counted', async () => {
    till = await localTill();
    await openDialog();
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Open shift'));
    typeInto(field(/^Opening float/), '12.345');
    await click(button(dialog(), 'Open shift'));
    await waitFor(() => expect(dialog().textContent).toContain('Opening float can have at most 2 decimal places'));
    expect(await openShiftOf(till.db)).toBeUndefined();

    typeInto(field(/^Opening float/), '80');
    await click(button(dialog(), 'Open shift'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Shift'));
    await waitFor(() => expect(figure('Expected in drawer')).toBe('MVR 80.00'));
    expect(await openShiftOf(till.db)).toMatchObject({ openingFloat: '80.00', openedBy: 'Mina' });
  });

  it('pays out with a reason, then closes only after the count is confirmed', async () => {
    till = await localTill();
    await openDialog();
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Open shift'));
    typeInto(field(/^Opening float/), '50');
    await click(button(dialog(), 'Open shift'));
    await waitFor(() => expect(button(dialog(), 'Pay out')).toBeTruthy());

    await click(button(dialog(), 'Pay out'));
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Pay out'));
    typeInto(field(/^Amount/), '7.5');
    await click(button(dialog(), 'Pay out'));
    await waitFor(() => expect(dialog().textContent).toContain('Reason is required'));
    typeInto(field(/^Reason/), 'Bread');
    await click(button(dialog(), 'Pay out'));
    await waitFor(() => expect(figure('Expected in drawer')).toBe('MVR 42.50'));

    await click(button(dialog(), 'Close shift'));
    // The count's form shows once the shift's figures are read.
    await waitFor(() => expect(dialog().querySelector('#shift-counted-cash')).not.toBeNull());
    typeInto(field(/^Counted cash/), '45');
    await waitFor(() => expect(figure('Difference')).toBe('+MVR 2.50 over'));
    await click(button(dialog(), 'Close shift'));
    // The first press asks; nothing is closed yet.
    await waitFor(() => expect(dialog().textContent).toContain('A closed shift cannot be changed'));
    expect((await openShiftOf(till.db))?.status).toBe('open');
    await click(button(dialog(), 'Yes, close shift'));
    await waitFor(() => expect(figure('Counted')).toBe('MVR 45.00'));
    expect(await openShiftOf(till.db)).toBeUndefined();
    const state = await readTillShift(till.db);
    expect(state.lastClosed?.report).toMatchObject({ expectedCash: '42.50', countedCash: '45.00', difference: '2.50' });
  });
});

describe("the shop's cash rounding", () => {
  it('is read online as the till opens and kept for the sales paid offline', async () => {
    till = await localTill();
    expect(await cashRoundingOf(till.db)).toBe('0');
    server.answers['GET /api/v1/shop/payment-settings'] = envelope(200, { data: { cashRounding: 0.05 } });
    await openDialog();
    await waitFor(() => expect(dialog().querySelector('h2')?.textContent).toBe('Open shift'));
    await vi.waitFor(async () => expect(await cashRoundingOf(till.db)).toBe('0.05'));
  });

  it('stays as kept when the server cannot be read, and the shift is read all the same', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    till = await localTill();
    await till.db.tillSettings.put({ key: 'cashRounding', value: '0.25' });
    server.answers['GET /api/v1/shop/shift-settings'] = envelope(200, { data: { requireOpenShift: true } });
    await openDialog();
    await vi.waitFor(async () => expect((await readTillShift(till.db)).requireOpenShift).toBe(true));
    expect(await cashRoundingOf(till.db)).toBe('0.25');
  });
});

describe('without the shift grants', () => {
  it('offers no open, and with a shift open by a sale, no pay in, pay out or close', async () => {
    till = await localTill();
    await openDialog({ openClose: false, moveCash: false });
    await waitFor(() => expect(dialog().textContent).toContain('You may not open or close shifts'));
    expect(dialog().querySelector('form')).toBeNull();
    unmount?.();

    await takeServerShift(till.db, false, {
      ref: '5b1f0c2e-1a2b-4c3d-8e4f-000000000001', serverId: '3', number: 'SH-000003', deviceCode: '7F3A', provisionalNumber: '',
      autoOpened: true, openingFloat: '0', openedAt: 1_000, openedBy: 'Mina',
    });
    await openDialog({ openClose: false, moveCash: true });
    await waitFor(() => expect(dialog().textContent).toContain('SH-000003'));
    const buttons = [...dialog().querySelectorAll('button')].map((one) => one.textContent);
    expect(buttons).toContain('Pay out');
    expect(buttons).not.toContain('Close shift');
  });
});
