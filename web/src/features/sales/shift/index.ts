/** The till's shift: its dialog (open, pay in or out, close) and its live state. */
export { ShiftDialog, type ShiftGrants } from './shift-dialog';
export { printTillShift } from './print-till-shift';
export { useTillShift, type ShiftView, type TillShiftState } from './use-till-shift';
