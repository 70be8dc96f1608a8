import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadStatus } from '@/components/data-table';
import { useServerData } from '@/lib/use-server-data';
import { listShifts, shiftsFetchFailed } from './api/shifts-api';
import { cashDifference } from './cash-difference';
import { noFilters } from './types';
import { useShiftFigures } from './use-shift-figures';
import './shifts.css';

/** Today in the shop's time zone (else the device's), as `2026-11-26`. */
export function shopToday(timeZone: string | undefined, now = new Date()): string {
  const parts = (zone: string | undefined) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return parts(timeZone);
  } catch {
    return parts(undefined);
  }
}

/** Shifts of one day shown at most; the Shifts page lists the rest. */
const DAY_LIMIT = 20;

/**
 * The dashboard's "Shifts" card: the shifts opened on one day (today by default), each with
 * its status and the drawer's difference, linking to its report.
 */
export function DayShiftsPanel({ timeZone, currencyCode }: { timeZone: string | undefined; currencyCode: string }) {
  const titleId = useId();
  const [day, setDay] = useState(() => shopToday(timeZone));
  const load = useCallback((signal: AbortSignal) => listShifts({ ...noFilters, from: day, to: day }, signal, DAY_LIMIT), [day]);
  const { state, reload } = useServerData(day ? load : null, shiftsFetchFailed);
  const shifts = state.status === 'ready' ? state.data.rows : [];
  const figures = useShiftFigures(shifts);

  return (
    <section className="dashboard-panel dashboard-panel--shifts" aria-labelledby={titleId}>
      <header className="dashboard-panel__header">
        <h2 id={titleId} className="dashboard-panel__title">
          Shifts
        </h2>
        <label className="day-shifts__day">
          <span className="visually-hidden">Day</span>
          <input type="date" className="field__input" value={day} onChange={(event) => setDay(event.target.value)} />
        </label>
      </header>
      <div className="dashboard-panel__body">
        {state.status !== 'ready' ? (
          <LoadStatus state={state.status === 'error' ? { status: 'error', message: state.message, onRetry: reload } : { status: 'loading', label: 'Loading shifts…' }} />
        ) : shifts.length === 0 ? (
          <p className="day-shifts__none">No shifts opened on this day.</p>
        ) : (
          <ul className="day-shifts">
            {shifts.map((shift) => {
              const report = figures.get(shift._id)?.report;
              return (
                <li key={shift._id} className="day-shifts__row">
                  <Link to={`/admin/shifts/${shift._id}`}>{shift.number}</Link>
                  <span>{shift.deviceCode || 'Web till'}</span>
                  <span className={`shift-status shift-status--${shift.status}`}>{shift.status === 'open' ? 'Open' : 'Closed'}</span>
                  <span className={report?.difference?.startsWith('-') ? 'shifts-table__difference--short' : undefined}>
                    {report === undefined ? '…' : report?.difference == null ? '—' : cashDifference(report.difference, currencyCode).text}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
