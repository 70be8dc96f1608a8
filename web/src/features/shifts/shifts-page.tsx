import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { SelectField, TextField } from '@/components/form';
import { LoadMore } from '@/components/load-more';
import { Screen } from '@/components/screen';
import { dateAndTime } from '@/lib/date-text';
import type { ListPage } from '@/lib/api-client';
import { money } from '@/lib/money-text';
import { usePagedList } from '@/lib/use-paged-list';
import { useServerData } from '@/lib/use-server-data';
import { listShiftPeople, listShifts, listShiftsAt, shiftsCsvUrl, shiftsFetchFailed } from './api/shifts-api';
import { useShiftFigures, type ShiftFigures } from './use-shift-figures';
import { noFilters, type Shift, type ShiftFilters } from './types';
import './shifts.css';
import { useShopSession } from '@/features/auth';
import { cashDifference } from './cash-difference';
import { ShiftRuleSwitch } from './shift-rule-switch';

const columns: DataTableColumn[] = [
  { id: 'number', header: 'Shift', className: 'data-table__nowrap' },
  { id: 'till', header: 'Till', className: 'data-table__nowrap' },
  { id: 'opened', header: 'Opened' },
  { id: 'closed', header: 'Closed' },
  { id: 'sales', header: 'Sales', className: 'shifts-table__amount' },
  { id: 'expected', header: 'Expected', className: 'shifts-table__amount' },
  { id: 'counted', header: 'Counted', className: 'shifts-table__amount' },
  { id: 'difference', header: 'Difference', className: 'shifts-table__amount' },
];

const statusOptions = [
  { value: '', label: 'Any' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const append = (shown: ListPage<Shift>, page: ListPage<Shift>): ListPage<Shift> => ({ rows: [...shown.rows, ...page.rows], next: page.next });
const loadNext = (shown: ListPage<Shift>) => (shown.next ? (signal: AbortSignal) => listShiftsAt(shown.next!, signal) : null);


/**
 * /admin/shifts (and /staff/shifts for staff granted shift_read_all): the shop's shifts, newest opened first, narrowed by till, status, opening
 * dates and the person who opened or closed them, a page at a time; each row shows who opened
 * and closed it and when, and its report's figures, and links to its report. "Download CSV" saves the same shifts with their report figures.
 */
export function ShiftsPage() {
  const session = useShopSession();
  const [filters, setFilters] = useState<ShiftFilters>(noFilters);
  const loadFirst = useCallback((signal: AbortSignal) => listShifts(filters, signal), [filters]);
  const { pages, retry, loadMore, loadingMore } = usePagedList({ loadFirst, loadNext, append, failedMessage: shiftsFetchFailed });
  const shifts = pages.status === 'ready' ? pages.data.rows : [];
  const figures = useShiftFigures(shifts);
  const loadPeople = useCallback((signal: AbortSignal) => listShiftPeople(signal), []);
  const people = useServerData(session.isAdmin ? loadPeople : null, 'Failed to fetch staff!');
  const personOptions = [
    { value: '', label: 'Anyone' },
    ...(people.state.status === 'ready' ? people.state.data.map((person) => ({ value: person._id, label: person.userName })) : []),
  ];
  const set = (name: keyof ShiftFilters) => (value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const tableState =
    pages.status === 'ready'
      ? { status: 'ready' as const }
      : pages.status === 'error'
        ? { status: 'error' as const, message: pages.message, onRetry: retry }
        : { status: 'loading' as const, label: 'Loading shifts…' };

  return (
    <Screen
      title="Shifts"
      description="Each till's shifts, newest first: open one to see and print its report."
      tools={
        <a className="button button--secondary" href={shiftsCsvUrl(filters)} download>
          Download CSV
        </a>
      }
    >
      {session.isAdmin && <ShiftRuleSwitch />}
      <div className="shift-filters" role="group" aria-label="Filter shifts">
        <TextField id="shift-filter-device" label="Till" placeholder="7F3A" maxLength={4} value={filters.device} onValueChange={set('device')} />
        <SelectField id="shift-filter-status" label="Status" value={filters.status} onValueChange={set('status')} options={statusOptions} />
        <TextField id="shift-filter-from" label="Opened from" type="date" value={filters.from} onValueChange={set('from')} />
        <TextField id="shift-filter-to" label="Opened to" type="date" value={filters.to} onValueChange={set('to')} />
        {session.isAdmin && (
          <SelectField id="shift-filter-user" label="Opened or closed by" value={filters.user} onValueChange={set('user')} options={personOptions} />
        )}
        <button
          type="button"
          className="button button--secondary shift-filters__clear"
          disabled={Object.values(filters).every((value) => !value)}
          onClick={() => setFilters(noFilters)}
        >
          Clear filters
        </button>
      </div>
      <DataTable label="Shifts" columns={columns} state={tableState} rowCount={shifts.length} empty="No shifts match these filters">
        {shifts.map((shift) => (
          <ShiftRow
            key={shift._id}
            shift={shift}
            to={`/${session.area}/shifts/${encodeURIComponent(shift._id)}`}
            figures={figures.get(shift._id)}
            currencyCode={session.currencyCode}
            timeZone={session.timeZone}
          />
        ))}
      </DataTable>
      {pages.status === 'ready' && pages.data.next && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
    </Screen>
  );
}

/** Who opened or closed the shift, with the date and time under the name, so the column stays narrow. */
function When({ by, at, timeZone }: { by: string; at: number; timeZone: string | undefined }) {
  const written = dateAndTime(at, timeZone);
  return (
    <span className="shifts-table__when">
      <span className="shifts-table__by">{by || '—'}</span>
      {written && <span className="shifts-table__time">{written.date}</span>}
      {written && <span className="shifts-table__time">{written.time}</span>}
    </span>
  );
}

/** The signed difference with "over" or "short" under it. */
function Difference({ difference, currencyCode }: { difference: string | null; currencyCode: string }) {
  if (difference === null) return <>—</>;
  const written = cashDifference(difference, currencyCode);
  return (
    <span className="shifts-table__when">
      <span>{written.amount}</span>
      <span className="shifts-table__time">{written.direction}</span>
    </span>
  );
}

interface ShiftRowProps {
  shift: Shift;
  /** The shift's report page. */
  to: string;
  figures: ShiftFigures | undefined;
  currencyCode: string;
  timeZone: string | undefined;
}

function ShiftRow({ shift, to, figures, currencyCode, timeZone }: ShiftRowProps) {
  const report = figures?.report;
  const pending = figures === undefined ? '…' : '—';
  return (
    <tr className="data-table__row">
      <td className="data-table__nowrap">
        <Link to={to}>{shift.number}</Link>
        {shift.status === 'open' && <span className="shift-status shift-status--open">Open</span>}
      </td>
      <td className="data-table__nowrap">{shift.deviceCode || 'Web till'}</td>
      <td>
        <When by={shift.openedBy} at={shift.openedAt} timeZone={timeZone} />
      </td>
      <td>{shift.closedAt === null ? '—' : <When by={shift.closedBy} at={shift.closedAt} timeZone={timeZone} />}</td>
      <td className="shifts-table__amount">{report ? report.salesCount : pending}</td>
      <td className="shifts-table__amount">{report ? money(report.expectedCash, currencyCode) : pending}</td>
      <td className="shifts-table__amount">{report?.countedCash ? money(report.countedCash, currencyCode) : report ? '—' : pending}</td>
      <td className={`shifts-table__amount shifts-table__difference${report?.difference?.startsWith('-') ? ' shifts-table__difference--short' : ''}`}>
        {report ? <Difference difference={report.difference} currencyCode={currencyCode} /> : pending}
      </td>
    </tr>
  );
}
