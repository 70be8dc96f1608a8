/**
 * The till's shift dialog (the Shift button of the top bar): with no shift open, opening one
 * with its counted float; with one open, its X report so far (sales, cash expected in the
 * drawer), paying cash in or out, and closing it with the cash counted, which shows the Z
 * report. Every step is written locally at once and sent by the outbox, offline too.
 */
import { useState } from 'react';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { money } from '@/lib/money-text';
import { compareDecimal } from '@/lib/decimal-text';
import type { CashCount, MovementKind } from '@/lib/core';
import { closeShift, moveCash, openShift, shiftInput } from '../local/shift-commands';
import { refusalMessage } from '../local/till-data';
import type { TillData } from '../local/till-data';
import { TillDialog } from '../cart/till-dialog';
import { CashMovementForm, CloseShiftForm, Difference, OpenShiftForm } from './shift-forms';
import type { ShiftView, TillShiftState } from './use-till-shift';
import { useLiveQuery } from '../local/use-live-query';
import './shift.css';

type Step = 'summary' | 'open' | MovementKind | 'close';

interface ShiftDialogProps {
  data: TillData;
  state: TillShiftState;
  userName: string;
  currencyCode: string;
  onClose: () => void;
  /** What the signed-in person may do with shifts (their shift grants). */
  may: ShiftGrants;
  /** Prints the report of `view`: X while open, Z once closed. */
  onPrint?: (view: ShiftView) => void;
}

export interface ShiftGrants {
  /** Open and close the till's shift (`shift_open_close`). */
  openClose: boolean;
  /** Pay cash in or out (`cash_movement`). */
  moveCash: boolean;
}

const ASK_OPEN = 'You may not open or close shifts: an admin can grant it in the permissions.';

const timeText = (at: number | null) => (at === null ? '' : new Date(at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }));

export function ShiftDialog({ data, state, userName, currencyCode, onClose, may, onPrint }: ShiftDialogProps) {
  const [step, setStep] = useState<Step>(state.open ? 'summary' : 'open');
  const [busy, setBusy] = useState(false);
  const open = state.open;
  const closeInput = useLiveQuery(open && step === 'close' ? () => shiftInput(data.db, open.shift) : null, [data, open?.shift._id, step]);

  async function run(action: () => Promise<unknown>, done: string, next: Step) {
    setBusy(true);
    try {
      await action();
      notify.success(done);
      setStep(next);
    } catch (error) {
      notify.error(refusalMessage(error, messages.somethingWentWrong));
    } finally {
      setBusy(false);
    }
  }

  const title = step === 'open' ? 'Open shift' : step === 'payIn' ? 'Pay in' : step === 'payOut' ? 'Pay out' : step === 'close' ? 'Close shift' : 'Shift';

  return (
    <TillDialog title={title} onClose={onClose}>
      {step === 'open' && (
        <>
          {state.lastClosed && <ClosedSummary view={state.lastClosed} currencyCode={currencyCode} onPrint={onPrint} />}
          <p className="shift-note">
            {state.requireOpenShift ? 'This shop asks for a shift to be opened before selling.' : 'Count the cash in the drawer to start the day.'}
          </p>
          {may.openClose ? (
            <OpenShiftForm
              currencyCode={currencyCode}
              busy={busy}
              onCancel={onClose}
              onOpen={(openingFloat) => void run(() => openShift(data, { openingFloat, openedBy: userName }), 'Shift opened', 'summary')}
            />
          ) : (
            <p className="shift-note" role="note">
              {ASK_OPEN}
            </p>
          )}
        </>
      )}
      {step === 'summary' && open && (
        <OpenSummary view={open} currencyCode={currencyCode} may={may} onStep={setStep} onPrint={onPrint} />
      )}
      {step === 'summary' && !open && state.lastClosed && (
        <>
          <ClosedSummary view={state.lastClosed} currencyCode={currencyCode} onPrint={onPrint} />
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Done
            </button>
            {may.openClose && (
              <button type="button" className="button button--primary" onClick={() => setStep('open')}>
                Open a new shift
              </button>
            )}
          </div>
        </>
      )}
      {(step === 'payIn' || step === 'payOut') && open && (
        <CashMovementForm
          key={step}
          kind={step}
          busy={busy}
          onCancel={() => setStep('summary')}
          onMove={(amount, reason) =>
            void run(
              () => moveCash(data, open.shift._id, { kind: step, amount, reason, by: userName }),
              step === 'payIn' ? 'Cash paid in' : 'Cash paid out',
              'summary',
            )
          }
        />
      )}
      {step === 'close' && open && closeInput.status === 'ready' && (
        <CloseShiftForm
          currencyCode={currencyCode}
          input={closeInput.data}
          busy={busy}
          onCancel={() => setStep('summary')}
          onClose={(counted: CashCount) => void run(() => closeShift(data, open.shift._id, { counted, closedBy: userName }), 'Shift closed', 'summary')}
        />
      )}
    </TillDialog>
  );
}

interface SummaryProps {
  view: ShiftView;
  currencyCode: string;
  onPrint?: (view: ShiftView) => void;
}

function OpenSummary({ view, currencyCode, may, onStep, onPrint }: SummaryProps & { may: ShiftGrants; onStep: (step: Step) => void }) {
  const { shift, report } = view;
  const cash = report.byMethod.find((method) => method.paymentMethod === 'cash');
  return (
    <div className="shift-summary">
      <p className="shift-summary__head">
        <strong>{view.label}</strong> · open since {timeText(shift.openedAt)} · {shift.openedBy}
        {shift.autoOpened && <span className="shift-summary__tag">opened by a sale</span>}
      </p>
      <dl className="shift-figures">
        <Figure label="Sales" value={`${report.salesCount}`} />
        <Figure label="Net sales" value={money(report.netSales, currencyCode)} />
        <Figure label="Cash sales" value={money(cash?.net ?? '0', currencyCode)} />
        <Figure label="Opening float" value={money(report.openingFloat, currencyCode)} />
        <Figure label="Paid in" value={money(report.payIns, currencyCode)} />
        <Figure label="Paid out" value={money(report.payOuts, currencyCode)} />
        {compareDecimal(report.cashRounding, 0) !== 0 && <Figure label="Cash rounding" value={money(report.cashRounding, currencyCode)} />}
        <Figure label="Expected in drawer" value={money(report.expectedCash, currencyCode)} strong />
      </dl>
      <div className="shift-actions">
        {may.moveCash && (
          <>
            <button type="button" className="button button--secondary" onClick={() => onStep('payIn')}>
              Pay in
            </button>
            <button type="button" className="button button--secondary" onClick={() => onStep('payOut')}>
              Pay out
            </button>
          </>
        )}
        {onPrint && (
          <button type="button" className="button button--secondary" onClick={() => onPrint(view)}>
            Print X report
          </button>
        )}
        {may.openClose && (
          <button type="button" className="button button--primary" onClick={() => onStep('close')}>
            Close shift
          </button>
        )}
      </div>
      {!may.openClose && <p className="shift-note">{ASK_OPEN}</p>}
    </div>
  );
}

function ClosedSummary({ view, currencyCode, onPrint }: SummaryProps) {
  const { shift, report } = view;
  return (
    <div className="shift-summary shift-summary--closed">
      <p className="shift-summary__head">
        <strong>{view.label}</strong> · closed {timeText(shift.closedAt)} · {shift.closedBy}
      </p>
      <dl className="shift-figures">
        <Figure label="Sales" value={`${report.salesCount}`} />
        <Figure label="Net sales" value={money(report.netSales, currencyCode)} />
        <Figure label="Expected cash" value={money(report.expectedCash, currencyCode)} />
        <Figure label="Counted" value={money(report.countedCash ?? '0', currencyCode)} />
        <Difference difference={report.difference} currencyCode={currencyCode} />
      </dl>
      {onPrint && (
        <button type="button" className="button button--secondary" onClick={() => onPrint(view)}>
          Print Z report
        </button>
      )}
    </div>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'shift-figures__total' : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
