/**
 * The report figures of the shifts a list shows (sales, expected and counted cash, difference):
 * each shift's detail is read and reported by core, as its detail page does, a few at a time.
 * A shift whose figures cannot be read shows none (`report: null`); its page says why.
 */
import { useEffect, useState } from 'react';
import { shiftReport, type ShiftReport } from '@/lib/core';
import { getShift } from './api/shifts-api';
import { shiftReportInput } from './report-input';
import type { Shift } from './types';

export interface ShiftFigures {
  report: ShiftReport | null;
}

/** Detail reads at once. */
const AT_ONCE = 4;

export function useShiftFigures(shifts: readonly Shift[]): ReadonlyMap<string, ShiftFigures> {
  const [figures, setFigures] = useState<ReadonlyMap<string, ShiftFigures>>(new Map());
  const wanted = shifts.map((shift) => `${shift._id}:${shift.status}`).join(',');

  useEffect(() => {
    const controller = new AbortController();
    const queue = wanted ? wanted.split(',').map((key) => key.split(':')[0]) : [];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        let report: ShiftReport | null = null;
        try {
          report = shiftReport(shiftReportInput(await getShift(id, controller.signal)));
        } catch {
          if (controller.signal.aborted) return;
        }
        const found = id;
        setFigures((current) => new Map(current).set(found, { report }));
      }
    };
    for (let started = 0; started < AT_ONCE; started += 1) void worker();
    return () => controller.abort();
  }, [wanted]);

  return figures;
}
