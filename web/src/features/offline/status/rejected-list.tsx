import type { RejectedCommand } from '@/stores/sync-status-store';
import { commandLabel } from './command-labels';
import { shopTime } from './sync-time';

interface RejectedListProps {
  rejected: RejectedCommand[];
  timeZone: string | undefined;
  now: number;
  onDismiss: (id: string) => void;
}

/**
 * The commands the server refused (docs/offline.md, "The cashier always knows"): what it
 * was, the server's own reason, and when; kept until the cashier dismisses it.
 */
export function RejectedList({ rejected, timeZone, now, onDismiss }: RejectedListProps) {
  if (rejected.length === 0) return null;
  return (
    <section className="sync-status__rejected" aria-label="Rejected changes">
      <h3 className="sync-status__heading">Rejected by the server</h3>
      <ul>
        {rejected.map((rejection) => {
          const label = commandLabel(rejection.kind);
          return (
            <li key={rejection.id} className="sync-status__rejection">
              <div>
                <strong>{label}</strong>
                <p className="sync-status__reason">{rejection.message}</p>
                <p className="sync-status__when">Rejected {shopTime(rejection.rejectedAt, timeZone, now)}</p>
                {rejection.conflicts > 0 && (
                  <p className="sync-status__when">Changed again since: open the screen again to see the server’s data.</p>
                )}
              </div>
              <button type="button" className="button button--secondary" onClick={() => onDismiss(rejection.id)} aria-label={`Dismiss ${label}`}>
                Dismiss
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
