/**
 * The till's X or Z report on paper: the shop's receipt paper (80 mm or A4) and the sheet the
 * back office prints (features/shifts), from the till's own figures.
 */
import { printShiftReport } from '@/features/shifts';
import type { ReceiptPaper } from '../api/receipt-settings';
import type { ShiftView } from './use-till-shift';

export interface TillPrintContext {
  shopName: string;
  paper: ReceiptPaper;
  currencyCode: string;
  timeZone: string | undefined;
}

export function printTillShift(view: ShiftView, context: TillPrintContext): void {
  const { shift } = view;
  printShiftReport({
    report: view.report,
    shift: {
      number: view.label,
      deviceCode: shift.deviceCode,
      openedBy: shift.openedBy,
      openedAt: shift.openedAt,
      closedBy: shift.closedBy,
      closedAt: shift.closedAt,
      status: shift.status,
    },
    shopName: context.shopName,
    kind: shift.status === 'open' ? 'X' : 'Z',
    paper: context.paper,
    movements: view.movements,
    currencyCode: context.currencyCode,
    timeZone: context.timeZone,
  });
}
