/**
 * The till's shift as the screens show it (live from the local tables): the open shift with its
 * number and X report so far, or the last closed one with its Z report. Online, the shop's
 * shift rule and the device's open shift on the server are read once when the till opens
 * (shift-commands.ts `takeServerShift`), and so is the shop's cash rounding, kept for the sales
 * paid offline (local/cash-rounding.ts).
 */
import { useEffect } from 'react';
import type { LocalShift, TillDb } from '@/features/offline';
import { isAbort } from '@/lib/api-client';
import type { ShiftReport } from '@/lib/core';
import { getShiftSettings } from '@/features/shifts';
import { getCurrentShift, serverShiftOf } from '../api/till-shifts';
import { getPaymentSettings } from '../api/payment-settings';
import { keepCashRounding } from '../local/cash-rounding';
import { lastClosedShift, movementsOf, openShiftOf, reportOf, requiresOpenShift, shiftLabel, takeServerShift } from '../local/shift-commands';
import type { TillData } from '../local/till-data';
import { useLiveQuery } from '../local/use-live-query';

export interface ShiftView {
  shift: LocalShift;
  /** `SH-000007`, or the provisional number until the server has numbered it. */
  label: string;
  report: ShiftReport;
  movements: Awaited<ReturnType<typeof movementsOf>>;
}

export interface TillShiftState {
  open: ShiftView | null;
  lastClosed: ShiftView | null;
  requireOpenShift: boolean;
}

async function viewOf(db: TillDb, shift: LocalShift | undefined): Promise<ShiftView | null> {
  if (!shift) return null;
  const [number, report, movements] = await Promise.all([db.shiftNumbers.get(shift._id), reportOf(db, shift), movementsOf(db, shift._id)]);
  return { shift, label: shiftLabel(shift, number), report, movements };
}

export async function readTillShift(db: TillDb): Promise<TillShiftState> {
  const [open, lastClosed, requireOpenShift] = await Promise.all([
    openShiftOf(db).then((shift) => viewOf(db, shift)),
    lastClosedShift(db).then((shift) => viewOf(db, shift)),
    requiresOpenShift(db),
  ]);
  return { open, lastClosed, requireOpenShift };
}

/** Reads the shop's rule and the device's open shift when online, into the local tables. */
async function refreshFromServer(db: TillDb, signal: AbortSignal) {
  const settings = await getShiftSettings(signal);
  const device = await db.device.get('device');
  const current = device ? await getCurrentShift(device.code, signal) : null;
  await takeServerShift(db, settings.requireOpenShift, current && serverShiftOf(current));
}

async function refreshCashRounding(db: TillDb, signal: AbortSignal) {
  const { cashRounding } = await getPaymentSettings(signal);
  await keepCashRounding(db, cashRounding);
}

export function useTillShift(data: TillData | null) {
  const state = useLiveQuery(data ? () => readTillShift(data.db) : null, [data]);

  useEffect(() => {
    if (!data || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
    const controller = new AbortController();
    refreshFromServer(data.db, controller.signal).catch((error: unknown) => {
      if (!isAbort(error) && !controller.signal.aborted) console.warn('The shift could not be read from the server; using the local one', error);
    });
    // Apart from the shift: either read may fail without keeping the other from the till.
    refreshCashRounding(data.db, controller.signal).catch((error: unknown) => {
      if (!isAbort(error) && !controller.signal.aborted) console.warn('The cash rounding could not be read from the server; using the kept one', error);
    });
    return () => controller.abort();
  }, [data]);

  return state.status === 'ready' ? state.data : null;
}
