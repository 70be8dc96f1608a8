import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ServerData } from '@/lib/use-server-data';

interface LoadStateProps<T> {
  state: ServerData<T>;
  onRetry: () => void;
  /** Said while nothing is asked for (an input out of range). */
  idleText?: string;
  children: (data: T) => ReactNode;
}

/**
 * A panel's body while its data comes: "Loading..." until it arrives, the failure
 * (already toasted) with a retry, or the data drawn by `children`.
 */
export function LoadState<T>({ state, onRetry, idleText, children }: LoadStateProps<T>) {
  switch (state.status) {
    case 'ready':
      return children(state.data);
    case 'error':
      return (
        <div className="dashboard-note dashboard-note--error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            Retry
          </button>
        </div>
      );
    case 'idle':
      return <p className="dashboard-note">{idleText}</p>;
    default:
      return (
        <p className="dashboard-note" role="status">
          Loading...
        </p>
      );
  }
}
