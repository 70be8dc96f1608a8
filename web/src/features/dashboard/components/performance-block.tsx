import { useCallback, useId, type InputHTMLAttributes } from 'react';
import { fetchPaymentMethodSummary } from '../api/dashboard-api';
import { useSalesData } from '../sales-data';
import type { DashboardScope } from '../types';
import { LoadState } from './load-state';
import { MethodTiles } from './method-tiles';

interface PerformanceBlockProps {
  scope: DashboardScope;
  /** The input's label, which also names the block: "Today", "November", "2026". */
  label: string;
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & { value: string };
  onChange: (value: string) => void;
  /** Why nothing is asked for the field as typed, or null when it is fine. */
  error: string | null;
  /** The period to ask for; null while the inputs do not make one (nothing is sent). */
  year: number | null;
  month?: number;
  day?: number;
  /** Said in place of the tiles when another field holds the period back. */
  idleText: string;
  /** Told the shop's low stock count when an answer carries one. */
}

/**
 * One of Sales Performance's three blocks: an input and the period's four tiles (Cash, Swipe,
 * Stripe, Total), asked for again whenever the period changes.
 */
export function PerformanceBlock({ scope, label, input, onChange, error, year, month, day, idleText }: PerformanceBlockProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const labelId = `${inputId}-label`;
  const load = useCallback(
    (signal: AbortSignal) => fetchPaymentMethodSummary(scope, { year: year!, month, day }, signal),
    [scope, year, month, day],
  );
  const summary = useSalesData(year === null ? null : load);

  return (
    <div className="performance-block" role="group" aria-labelledby={labelId}>
      <div className="performance-block__field">
        <label id={labelId} htmlFor={inputId} className="performance-block__label">
          {label}
        </label>
        <input
          {...input}
          id={inputId}
          className="performance-block__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {error && (
          <p id={errorId} className="performance-block__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <LoadState state={summary.state} onRetry={summary.reload} idleText={idleText}>
        {(data) => <MethodTiles summary={data} />}
      </LoadState>
    </div>
  );
}
