/**
 * The till's shift forms: the float counted at opening, cash paid in or out with its reason,
 * and the count at closing (a total, or so many of each note and coin). Amounts are checked by
 * core's rules (`validateField`), the same the server applies.
 */
import { useState, type FormEvent } from 'react';
import { SubmitButton, TextField } from '@/components/form';
import { shiftReport, validateField, type CashCount, type MovementKind, type ShiftInput } from '@/lib/core';
import { money } from '@/lib/money-text';
import { useFormFields } from '@/lib/use-form-fields';
import { cashDifference } from '@/features/shifts';

const REASON_MAX_CHARS = 200;

const coreMessage = (field: 'openingFloat' | 'countedCash' | 'amount', value: string) =>
  value.trim() === '' ? null : (validateField({ field, value: value.trim() })[0]?.message ?? null);

interface OpenFormProps {
  currencyCode: string;
  busy: boolean;
  onOpen: (openingFloat: string) => void;
  onCancel: () => void;
}

export function OpenShiftForm({ currencyCode, busy, onOpen, onCancel }: OpenFormProps) {
  const { values, errors, set, setErrors, idOf } = useFormFields({ openingFloat: '' });
  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = values.openingFloat.trim();
    const error = typed === '' ? 'Opening float is required' : coreMessage('openingFloat', typed);
    if (error) {
      setErrors({ openingFloat: error });
      document.getElementById(idOf('openingFloat'))?.focus();
      return;
    }
    onOpen(typed);
  }
  return (
    <form className="till-dialog__form" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        id={idOf('openingFloat')}
        label={`Opening float${currencyCode ? ` (${currencyCode})` : ''}`}
        value={values.openingFloat}
        onValueChange={(value) => set('openingFloat', value)}
        error={errors.openingFloat}
        hint="The cash counted into the drawer now"
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <FormButtons busy={busy} pendingLabel="Opening…" label="Open shift" onCancel={onCancel} />
    </form>
  );
}

interface MovementFormProps {
  kind: MovementKind;
  busy: boolean;
  onMove: (amount: string, reason: string) => void;
  onCancel: () => void;
}

export function CashMovementForm({ kind, busy, onMove, onCancel }: MovementFormProps) {
  const { values, errors, set, setErrors, idOf, focusFirst } = useFormFields({ amount: '', reason: '' });
  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = values.amount.trim();
    const reason = values.reason.trim();
    const found = {
      amount: amount === '' ? 'Amount is required' : coreMessage('amount', amount),
      reason: reason === '' ? 'Reason is required' : reason.length > REASON_MAX_CHARS ? `Reason must be at most ${REASON_MAX_CHARS} characters` : null,
    };
    if (found.amount || found.reason) {
      setErrors(found);
      focusFirst(found, ['amount', 'reason']);
      return;
    }
    onMove(amount, reason);
  }
  return (
    <form className="till-dialog__form" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField id={idOf('amount')} label="Amount" value={values.amount} onValueChange={(value) => set('amount', value)} error={errors.amount} inputMode="decimal" autoComplete="off" required />
      <TextField
        id={idOf('reason')}
        label="Reason"
        value={values.reason}
        onValueChange={(value) => set('reason', value)}
        error={errors.reason}
        hint={kind === 'payIn' ? 'e.g. Change from the bank' : 'e.g. Milk for the shop'}
        maxLength={REASON_MAX_CHARS}
        autoComplete="off"
        required
      />
      <FormButtons busy={busy} pendingLabel="Recording…" label={kind === 'payIn' ? 'Pay in' : 'Pay out'} onCancel={onCancel} />
    </form>
  );
}

/** The notes and coins offered for a count by denomination; a value not held is left at 0. */
export const DENOMINATIONS = ['1000', '500', '100', '50', '20', '10', '5', '2', '1', '0.50', '0.25', '0.10', '0.05', '0.01'];

interface CloseFormProps {
  currencyCode: string;
  /** The open shift's report input so far: the count's difference is core's, as it types. */
  input: ShiftInput;
  busy: boolean;
  onClose: (counted: CashCount) => void;
  onCancel: () => void;
}

const WHOLE = /^\d{1,7}$/;

/** The count as typed, or the message saying what is wrong with it. */
function countOf(byDenomination: boolean, total: string, counts: Record<string, string>): CashCount | string {
  if (!byDenomination) {
    const typed = total.trim();
    if (typed === '') return 'Counted cash is required';
    return coreMessage('countedCash', typed) ?? { total: typed };
  }
  const denominations = [];
  for (const value of DENOMINATIONS) {
    const count = (counts[value] ?? '').trim();
    if (count === '') continue;
    if (!WHOLE.test(count) || Number(count) > 1_000_000) return `Count of ${value} must be a whole number from 0 to 1000000`;
    denominations.push({ value, count });
  }
  return denominations.length > 0 ? { denominations } : 'Count at least one note or coin';
}

export function CloseShiftForm({ currencyCode, input, busy, onClose, onCancel }: CloseFormProps) {
  const [byDenomination, setByDenomination] = useState(false);
  const [total, setTotal] = useState('');
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const counted = countOf(byDenomination, total, counts);
  const report = typeof counted === 'string' ? null : shiftReport({ ...input, counted });
  const expected = shiftReport({ ...input, counted: null }).expectedCash;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typeof counted === 'string') {
      setError(counted);
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    onClose(counted);
  }

  const edit = (change: () => void) => {
    change();
    setError(null);
    setConfirming(false);
  };

  return (
    <form className="till-dialog__form shift-close" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="shift-close__mode" role="group" aria-label="How to count">
        <button type="button" className="button button--secondary" aria-pressed={!byDenomination} onClick={() => edit(() => setByDenomination(false))}>
          Total
        </button>
        <button type="button" className="button button--secondary" aria-pressed={byDenomination} onClick={() => edit(() => setByDenomination(true))}>
          By note and coin
        </button>
      </div>
      {byDenomination ? (
        <div className="shift-close__denominations">
          {DENOMINATIONS.map((value) => (
            <label key={value} className="shift-close__denomination">
              <span>{value}</span>
              <span aria-hidden="true">×</span>
              <input
                className="field__input"
                inputMode="numeric"
                autoComplete="off"
                aria-label={`Count of ${value}`}
                value={counts[value] ?? ''}
                onChange={(event) => edit(() => setCounts((current) => ({ ...current, [value]: event.target.value })))}
              />
            </label>
          ))}
        </div>
      ) : (
        <TextField
          id="shift-counted-cash"
          label={`Counted cash${currencyCode ? ` (${currencyCode})` : ''}`}
          value={total}
          onValueChange={(value) => edit(() => setTotal(value))}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      )}
      <dl className="shift-figures" aria-live="polite">
        <div>
          <dt>Expected cash</dt>
          <dd>{money(expected, currencyCode)}</dd>
        </div>
        <div>
          <dt>Counted</dt>
          <dd>{report?.countedCash ? money(report.countedCash, currencyCode) : '—'}</dd>
        </div>
        <Difference difference={report?.difference ?? null} currencyCode={currencyCode} />
      </dl>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {confirming && report && (
        <p className="shift-close__confirm" role="alert">
          Close the shift with {money(report.countedCash ?? '0', currencyCode)} counted ({cashDifference(report.difference ?? '0', currencyCode).text})? A
          closed shift cannot be changed.
        </p>
      )}
      <FormButtons busy={busy} pendingLabel="Closing…" label={confirming ? 'Yes, close shift' : 'Close shift'} onCancel={onCancel} />
    </form>
  );
}

/** Cancel and the form's submit button, side by side. */
function FormButtons({ busy, pendingLabel, label, onCancel }: { busy: boolean; pendingLabel: string; label: string; onCancel: () => void }) {
  return (
    <div className="form-actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
      <SubmitButton pending={busy} pendingLabel={pendingLabel} block={false}>
        {label}
      </SubmitButton>
    </div>
  );
}

/** The difference row of the shift's figures, marked when the drawer is short or over. */
export function Difference({ difference, currencyCode }: { difference: string | null; currencyCode: string }) {
  const written = difference === null ? null : cashDifference(difference, currencyCode);
  return (
    <div className={written && written.tone !== 'even' ? `shift-figures__${written.tone}` : undefined}>
      <dt>Difference</dt>
      <dd>{written ? written.text : '—'}</dd>
    </div>
  );
}
