// @vitest-environment happy-dom
/** The printed X/Z report: core's figures from the golden fixture, written exactly. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shiftReport, type ShiftInput, type ShiftReport } from '@/lib/core';
import { loadCore } from '../../test/core';
import { renderElement } from '../../test/render';
import { printShiftReport, ShiftReportSheet, shiftReportInput, type ShiftSheetHeader } from '.';
import type { ShiftDetail } from './types';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../../../core/fixtures/shiftReport');
const fixture = <T,>(name: string): T => JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as T;
const dayInput = fixture<ShiftInput>('day.input.json');
const dayReport = fixture<ShiftReport>('day.output.json');

/** 9:00 and 17:30 on Nov 26, 2026 in the Maldives (UTC+5). */
const header: ShiftSheetHeader = {
  number: 'SH-000042',
  deviceCode: '7F3A',
  openedBy: 'Mina',
  openedAt: Date.UTC(2026, 10, 26, 4, 0),
  closedBy: 'Ali',
  closedAt: Date.UTC(2026, 10, 26, 12, 30),
  status: 'closed',
};

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const lineValue = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('.shift-sheet__line')].find((line) => line.querySelector('dt')?.textContent === label)?.querySelector('dd')?.textContent;

describe('the shift report sheet', () => {
  it('prints the Z report of the day fixture, every figure as core wrote it', async () => {
    view = await renderElement(
      <ShiftReportSheet report={dayReport} shift={header} shopName="Corner Grocery" kind="Z" paper="80mm"
        movements={dayInput.movements} currencyCode="MVR" timeZone="Indian/Maldives" />,
    );
    const { container } = view;
    expect(container.querySelector('.shift-sheet__title')?.textContent).toBe('Z report');
    expect(container.querySelector('.shift-sheet--80mm')).not.toBeNull();
    expect(container.textContent).toContain('Corner Grocery');
    expect(container.textContent).toContain('Shift SH-000042');
    expect(lineValue(container, 'Till')).toBe('7F3A');
    expect(lineValue(container, 'Opened by')).toBe('Mina');
    expect(lineValue(container, 'Opened at')).toBe('Nov 26, 2026 9:00 AM');
    expect(lineValue(container, 'Closed at')).toBe('Nov 26, 2026 5:30 PM');
    expect(lineValue(container, 'Number of sales')).toBe('5');
    expect(lineValue(container, 'Gross sales')).toBe('MVR 297.40');
    expect(lineValue(container, 'Discounts')).toBe('MVR 13.49');
    expect(lineValue(container, 'Redemptions')).toBe('MVR 12.00');
    expect(lineValue(container, 'Tax')).toBe('MVR 17.03');
    expect(lineValue(container, 'Sales')).toBe('MVR 288.94');
    expect(lineValue(container, 'Refunds (2)')).toBe('MVR 35.50');
    const methods = [...container.querySelectorAll('.shift-sheet__methods tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(methods).toEqual([
      ['Cash', 'MVR 54.18', 'MVR 10.00', 'MVR 44.18'],
      ['Swipe', 'MVR 149.00', 'MVR 25.50', 'MVR 123.50'],
      ['Card', 'MVR 85.76', 'MVR 0.00', 'MVR 85.76'],
    ]);
    expect(lineValue(container, 'Pay in: Change from the bank')).toBe('+MVR 50.00');
    expect(lineValue(container, 'Pay out: Milk for the staff room')).toBe('-MVR 18.40');
    expect(lineValue(container, 'Opening float')).toBe('MVR 200.00');
    expect(lineValue(container, 'Expected cash')).toBe('MVR 275.78');
    expect(lineValue(container, 'Counted cash')).toBe('MVR 273.28');
    const difference = container.querySelector('.shift-sheet__difference dd')!;
    expect(difference.textContent).toBe('-MVR 2.50 short');
    expect(difference.getAttribute('data-tone')).toBe('short');
  });

  it('labels an open shift’s X report as not closed, with nothing counted', async () => {
    const open = fixture<ShiftReport>('open-shift.output.json');
    view = await renderElement(
      <ShiftReportSheet report={open} shift={{ ...header, deviceCode: '', status: 'open', closedBy: '', closedAt: null }}
        shopName="Corner Grocery" kind="X" paper="a4" />,
    );
    const { container } = view;
    expect(container.querySelector('.shift-sheet__title')?.textContent).toBe('X report — not closed');
    expect(container.querySelector('.shift-sheet--a4')).not.toBeNull();
    expect(lineValue(container, 'Till')).toBe('Web till');
    expect(lineValue(container, 'Closed at')).toBe('—');
    expect(lineValue(container, 'Counted cash')).toBe('Not counted');
    expect(lineValue(container, 'Difference')).toBe('Not counted');
    expect(lineValue(container, 'Expected cash')).toBe(open.expectedCash);
  });

  it('marks a drawer over with a plus', async () => {
    view = await renderElement(
      <ShiftReportSheet report={{ ...dayReport, countedCash: '280.00', difference: '4.22' }} shift={header} shopName="C" kind="Z" paper="80mm" />,
    );
    expect(view.container.querySelector('.shift-sheet__difference dd')?.textContent).toBe('+4.22 over');
  });
});

describe('printShiftReport', () => {
  it('prints the sheet alone in a print copy and removes it afterwards', () => {
    let printed = '';
    const print = vi.fn(() => {
      const copy = document.querySelector<HTMLElement>('body > .print-copy[data-shift-report="Z"]');
      printed = copy?.textContent ?? '';
    });
    printShiftReport({ report: dayReport, shift: header, shopName: 'Corner Grocery', kind: 'Z', paper: '80mm' }, { print, document });
    expect(print).toHaveBeenCalledTimes(1);
    expect(printed).toContain('Z report');
    expect(printed).toContain('275.78');
    expect(document.querySelector('.print-copy')).toBeNull();
  });
});

describe('shiftReportInput', () => {
  beforeAll(loadCore);

  it('builds core’s input from a shift’s detail, so core reports the golden figures', () => {
    const detail: ShiftDetail = {
      shift: {
        _id: '7', ref: 'r', number: 'SH-000007', deviceCode: '7F3A', provisionalNumber: '', status: 'closed', autoOpened: false,
        openedById: '1', openedBy: 'Mina', openedAt: 0, openingFloat: 200, closedById: '1', closedBy: 'Mina', closedAt: 1,
        countedCash: 273.28, denominations: null,
      },
      movements: (dayInput.movements ?? []).map((movement, index) => ({
        _id: String(index), kind: movement.kind, amount: Number(movement.amount), reason: movement.reason, by: 'Mina', at: 0,
      })),
      sales: (dayInput.sales ?? []).map((sale) => ({
        _id: sale.invoiceId, invoiceNumber: sale.invoiceId, status: 'paid', paymentMethod: sale.paymentMethod ?? null,
        subTotal: Number(sale.subTotal), totalDiscount: Number(sale.totalDiscount ?? 0), totalTax: Number(sale.totalTax ?? 0),
        redeemAmount: Number(sale.redeemAmount ?? 0), totalAmount: Number(sale.totalAmount), paidAt: 0,
      })),
      refunds: (dayInput.refunds ?? []).map((refund, index) => ({
        _id: String(index), invoiceId: refund.invoiceId, paymentMethod: refund.paymentMethod ?? null, amount: Number(refund.amount), at: 0,
      })),
    };
    expect(shiftReport(shiftReportInput(detail))).toEqual(dayReport);
  });

  it('passes a sale’s and a refund’s parts and the cash rounding, as the server sends them, so core reports the split fixture', () => {
    const split = fixture<ShiftInput>('split-tenders.input.json');
    const splitReport = fixture<ShiftReport>('split-tenders.output.json');
    const shift: ShiftDetail['shift'] = {
      _id: '8', ref: 'r', number: 'SH-000008', deviceCode: '7F3A', provisionalNumber: '', status: 'closed', autoOpened: false,
      openedById: '1', openedBy: 'Mina', openedAt: 0, openingFloat: 50, closedById: '1', closedBy: 'Mina', closedAt: 1,
      countedCash: 62.37, denominations: null,
    };
    const figures = { invoiceNumber: '', status: 'paid', totalDiscount: 0, totalTax: 0, redeemAmount: 0, paidAt: 0 };
    const detail: ShiftDetail = {
      shift,
      movements: [],
      // The server names the method that paid the most, and the parts; a card sale from before parts has none.
      sales: [
        { ...figures, _id: '41', paymentMethod: 'cash', tenders: [{ method: 'internal-device', amount: 20 }, { method: 'cash', amount: 27.33 }], rounding: 0.02, subTotal: 47.33, totalAmount: 47.33 },
        { ...figures, _id: '42', paymentMethod: 'cash', tenders: [{ method: 'cash', amount: 12.34 }], rounding: 0.01, subTotal: 12.34, totalAmount: 12.34 },
        { ...figures, _id: '43', paymentMethod: 'digital', tenders: [], subTotal: 8, totalAmount: 8 },
      ],
      refunds: [
        { _id: 'f', invoiceId: '41', paymentMethod: 'cash', tenders: [{ method: 'internal-device', amount: 2.67 }, { method: 'cash', amount: 27.33 }], amount: 30, at: 0 },
      ],
    };
    expect(split.sales).toHaveLength(3);
    expect(shiftReport(shiftReportInput(detail))).toEqual(splitReport);
  });

  it('prints the cash rounding in the drawer when there is any', async () => {
    const splitReport = fixture<ShiftReport>('split-tenders.output.json');
    view = await renderElement(<ShiftReportSheet report={splitReport} shift={header} shopName="C" kind="Z" paper="80mm" currencyCode="MVR" />);
    expect(lineValue(view.container, 'Cash rounding')).toBe('MVR 0.03');
    view.unmount();
    view = await renderElement(<ShiftReportSheet report={dayReport} shift={header} shopName="C" kind="Z" paper="80mm" currencyCode="MVR" />);
    expect(lineValue(view.container, 'Cash rounding')).toBeUndefined();
  });
});
