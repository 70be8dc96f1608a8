/** The till's shift: its dialog (open, pay in or out, close) and its live state. */
export { ShiftDialog } from './shift-dialog';
export { useTillShift, type ShiftView, type TillShiftState } from './use-till-shift';
