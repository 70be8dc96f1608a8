import { CircleAlert, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import '../form/form.css';
import './data-table.css';

export type LoadState =
  | { status: 'loading'; label?: string }
  | { status: 'error'; message: string; onRetry?: () => void }
  | { status: 'empty'; message: ReactNode };

/**
 * What a screen shows instead of its data: loading (announced), a failure with its message and
 * a retry, or "nothing here". Tables show it as their body; other screens on their own.
 */
export function LoadStatus({ state }: { state: LoadState }) {
  if (state.status === 'loading') {
    return (
      <div className="data-table__status" role="status">
        <span className="data-table__spinner" aria-hidden="true" />
        {state.label ?? 'Loading…'}
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="data-table__status data-table__status--error">
        <CircleAlert aria-hidden="true" />
        <span>{state.message}</span>
        {state.onRetry && (
          <button type="button" className="button button--secondary button--small" onClick={state.onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="data-table__status">
      <Inbox aria-hidden="true" />
      <span>{state.message}</span>
    </div>
  );
}
