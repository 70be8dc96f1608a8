import { CloudUpload, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { useSyncStatusStore } from '@/stores/sync-status-store';
import { useTillRuntime } from '../till-runtime';
import { QueueButtons } from './queue-buttons';
import { RejectedList } from './rejected-list';
import { lastSyncText } from './sync-time';
import './sync-status.css';

/**
 * The till's sync state in the top bar, beside Online/Offline (docs/offline.md, "The
 * cashier always knows"): how many changes the server has not received ("3 unsynced"), the last
 * successful exchange ("Synced 12:04", shop time) and how many were rejected. Its popover lists the
 * rejections with the server's reasons (Dismiss) and moves the queue through a file. Shown only
 * while a till runs (an admin or staff member signed in to a shop).
 */
export function SyncStatus({ className }: { className?: string }) {
  const runtime = useTillRuntime();
  const pendingCount = useSyncStatusStore((state) => state.pendingCount);
  const lastSyncAt = useSyncStatusStore((state) => state.lastSyncAt);
  const rejected = useSyncStatusStore((state) => state.rejected);
  const timeZone = useAuthStore((state) => state.shopData?.timeZone || undefined);
  const now = useMinuteClock();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  if (!runtime) return null;
  const syncedText = lastSyncText(lastSyncAt, timeZone, now);
  const pendingText = pendingCount === 1 ? '1 change waits to be sent' : `${pendingCount} changes wait to be sent`;

  return (
    <div ref={root} className={['sync-status', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className={['sync-status__toggle', rejected.length > 0 && 'sync-status__toggle--rejected'].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Sync status: ${pendingCount} unsynced, ${syncedText}${rejected.length > 0 ? `, ${rejected.length} rejected` : ''}`}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <CloudUpload aria-hidden="true" />
        {pendingCount > 0 && <span className="sync-status__pending">{pendingCount} unsynced</span>}
        <span className="sync-status__synced">{syncedText}</span>
        {rejected.length > 0 && (
          <span className="sync-status__badge">
            <TriangleAlert aria-hidden="true" />
            {rejected.length} rejected
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} role="dialog" aria-label="Sync status" className="sync-status__panel">
          <p role="status" className="sync-status__summary">
            {pendingCount > 0 ? pendingText : 'Every change has been sent'}
            <br />
            {syncedText}
          </p>
          <RejectedList rejected={rejected} timeZone={timeZone} now={now} onDismiss={(id) => void runtime.engine.dismissRejected(id)} />
          <QueueButtons runtime={runtime} />
        </div>
      )}
    </div>
  );
}

/** The current time, renewed every minute: "today" and the shown times follow the clock. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
