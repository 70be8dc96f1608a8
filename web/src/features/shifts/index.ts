/**
 * Shifts in the back office, and the X/Z report sheet the till prints too.
 *
 * Stable interface for the till's shift screens:
 *
 *   import { ShiftReportSheet, printShiftReport, type ShiftReportSheetProps } from '@/features/shifts';
 *
 *   <ShiftReportSheet report={shiftReport(input)} shift={shiftHeader} shopName="Corner Shop"
 *                     kind="X" paper="80mm" movements={input.movements} currencyCode="MVR"
 *                     timeZone="Indian/Maldives" />
 *   printShiftReport({ ...sameProps, kind: 'Z' });   // prints the sheet alone, then cleans up
 *
 * - `report`: core's `shiftReport` output (web/src/lib/core.ts); every printed amount is its text.
 * - `shift`: `{ number, deviceCode ('' = web till), openedBy, openedAt, closedBy, closedAt, status }`
 *   (`ShiftSheetHeader`; the server's `Shift` fits it).
 * - `kind`: 'X' ("X report — not closed") or 'Z' ("Z report"); `paper`: '80mm' or 'a4'.
 * - Optional: `movements` (core's input movements, listed with reasons), `currencyCode`, `timeZone`.
 * - `shiftReportInput(detail)` builds core's input from `GET /shifts/{id}`.
 */
export { ShiftReportSheet } from './shift-report-sheet';
export type { ShiftReportKind, ShiftReportPaper, ShiftReportSheetProps, ShiftSheetHeader } from './shift-report-sheet';
export { printShiftReport, type PrintTarget } from './print-shift-report';
export { shiftReportInput } from './report-input';
export { getShiftSettings, type ShiftSettings } from './api/shift-settings';
export { cashDifference, type CashDifference, type DifferenceTone } from './cash-difference';
export { ShiftsPage } from './shifts-page';
export { ShiftDetailPage } from './shift-detail-page';
export { DayShiftsPanel } from './day-shifts-panel';
export type { Shift, ShiftDetail } from './types';
