import { ArrowLeft } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { LoadStatus } from '@/components/data-table';
import { Screen, ScreenPanel } from '@/components/screen';
import { CoreError, shiftReport, type ShiftReport } from '@/lib/core';
import { useServerData } from '@/lib/use-server-data';
import { getShift, shiftFetchFailed } from './api/shifts-api';
import { printShiftReport } from './print-shift-report';
import { shiftReportInput } from './report-input';
import { ShiftReportSheet, type ShiftReportPaper, type ShiftReportSheetProps } from './shift-report-sheet';
import type { ShiftDetail } from './types';
import './shifts.css';
import { useShopSession } from '@/features/auth';

type Reported = { ok: true; report: ShiftReport } | { ok: false; message: string };

function report(detail: ShiftDetail): Reported {
  try {
    return { ok: true, report: shiftReport(shiftReportInput(detail)) };
  } catch (error) {
    return { ok: false, message: error instanceof CoreError ? error.message : 'This shift cannot be reported.' };
  }
}

/**
 * /admin/shifts/:id (and /staff/shifts/:id): a shift's report computed by core from its figures: the Z report of a
 * closed shift, the X report so far of an open one, printable on the 80 mm roll or on A4.
 */
export function ShiftDetailPage() {
  const { id = '' } = useParams();
  const session = useShopSession();
  const load = useCallback((signal: AbortSignal) => getShift(id, signal), [id]);
  const { state, reload } = useServerData<ShiftDetail>(load, shiftFetchFailed);
  const detail = state.status === 'ready' ? state.data : null;
  const reported = useMemo(() => (detail ? report(detail) : null), [detail]);
  const back = (
    <Link to={`/${session.area}/shifts`}>
      <ArrowLeft aria-hidden="true" />
      Shifts
    </Link>
  );

  if (!detail || !reported) {
    return (
      <Screen title="Shift" back={back} width="narrow">
        <ScreenPanel>
          <LoadStatus
            state={state.status === 'error' ? { status: 'error', message: state.message, onRetry: reload } : { status: 'loading', label: 'Loading shift…' }}
          />
        </ScreenPanel>
      </Screen>
    );
  }

  const kind = detail.shift.status === 'closed' ? 'Z' : 'X';
  const sheet = (paper: ShiftReportPaper): ShiftReportSheetProps | null =>
    reported.ok
      ? {
          report: reported.report,
          shift: detail.shift,
          shopName: session.shopName,
          kind,
          paper,
          movements: shiftReportInput(detail).movements,
          currencyCode: session.currencyCode,
          timeZone: session.timeZone,
        }
      : null;
  const screenSheet = sheet('a4');
  const print = (paper: ShiftReportPaper) => {
    const props = sheet(paper);
    if (props) printShiftReport(props);
  };

  return (
    <Screen
      title={`Shift ${detail.shift.number}`}
      back={back}
      width="narrow"
      description={kind === 'Z' ? 'Closed: its Z report.' : 'Still open: its X report so far.'}
      tools={
        screenSheet && (
          <div className="shift-print-buttons">
            <button type="button" className="button button--secondary" onClick={() => print('80mm')}>
              Print 80 mm
            </button>
            <button type="button" className="button button--secondary" onClick={() => print('a4')}>
              Print A4
            </button>
          </div>
        )
      }
    >
      <ScreenPanel className="shift-detail__panel">
        {screenSheet ? <ShiftReportSheet {...screenSheet} /> : <p role="alert">{reported.ok ? null : reported.message}</p>}
      </ScreenPanel>
    </Screen>
  );
}
