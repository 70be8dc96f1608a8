/**
 * When the sync engine drains, besides each enqueue (which drains itself): the browser coming
 * back online (at once, even if a command is still backing off: the wait was for the network),
 * the page becoming visible again (a tablet woken up), and a steady timer (which also picks up
 * commands another tab enqueued). The online flag of the status store follows the browser's.
 */
import { useSyncStatusStore, type SyncStatusActions } from '../../stores/sync-status-store';
import { systemClock, type Clock, type TimerHandle } from './clock';
import type { SyncEngine } from './sync-engine';

export interface TriggerEnvironment {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: DocumentVisibilityState };
  navigator: { onLine: boolean };
}

export interface TriggerOptions {
  environment?: TriggerEnvironment;
  clock?: Clock;
  /** The steady timer's period. */
  intervalMs?: number;
  status?: Pick<SyncStatusActions, 'setOnline'>;
  /** A drain that failed on its own; console.error by default. */
  onError?: (error: unknown) => void;
}

export const DEFAULT_SYNC_INTERVAL_MS = 30_000;

/** Starts the triggers (and a first drain); answers the function that stops them. */
export function attachSyncTriggers(engine: SyncEngine, options: TriggerOptions = {}): () => void {
  const environment = options.environment ?? { window, document, navigator };
  const clock = options.clock ?? systemClock;
  const intervalMs = options.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
  const status = options.status ?? useSyncStatusStore.getState();
  const reportFailure = options.onError ?? ((error: unknown) => console.error('The outbox could not be sent', error));

  const onOnline = () => {
    status.setOnline(true);
    engine.drain({ ignoreBackoff: true }).catch(reportFailure);
  };
  const onOffline = () => status.setOnline(false);
  const onVisibility = () => {
    if (environment.document.visibilityState === 'visible') engine.drain().catch(reportFailure);
  };
  let timer: TimerHandle | null = null;
  const tick = () => {
    timer = clock.setTimeout(tick, intervalMs);
    engine.drain().catch(reportFailure);
  };

  environment.window.addEventListener('online', onOnline);
  environment.window.addEventListener('offline', onOffline);
  environment.document.addEventListener('visibilitychange', onVisibility);
  status.setOnline(environment.navigator.onLine);
  engine.refreshStatus().catch(reportFailure);
  tick();

  return () => {
    environment.window.removeEventListener('online', onOnline);
    environment.window.removeEventListener('offline', onOffline);
    environment.document.removeEventListener('visibilitychange', onVisibility);
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    engine.stop();
  };
}
