/**
 * When the till pulls the catalogue (docs/offline.md): at start, when the
 * browser comes back online, and every minute while the page is visible (a hidden tab does not
 * spend the shop's bandwidth; when it is shown again after a longer while it pulls at once).
 * The pull itself is single-flight (till-runtime-core.ts), so overlapping triggers share one.
 */
import { systemClock, type Clock, type TimerHandle } from './clock';
import type { TriggerEnvironment } from './sync-triggers';

export const CATALOG_PULL_INTERVAL_MS = 60_000;

export interface CatalogPullTriggerOptions {
  environment: Pick<TriggerEnvironment, 'window' | 'document'>;
  clock?: Clock;
  intervalMs?: number;
}

/** Starts the triggers (and a first pull); answers the function that stops them. */
export function attachCatalogPull(pull: () => void, options: CatalogPullTriggerOptions): () => void {
  const { environment } = options;
  const clock = options.clock ?? systemClock;
  const intervalMs = options.intervalMs ?? CATALOG_PULL_INTERVAL_MS;
  const visible = () => environment.document.visibilityState === 'visible';
  let lastPullAt = -Infinity;

  const pullNow = () => {
    lastPullAt = clock.now();
    pull();
  };
  const onOnline = () => pullNow();
  const onVisibility = () => {
    if (visible() && clock.now() - lastPullAt >= intervalMs) pullNow();
  };
  let timer: TimerHandle | null = null;
  const tick = () => {
    timer = clock.setTimeout(tick, intervalMs);
    if (visible()) pullNow();
  };

  environment.window.addEventListener('online', onOnline);
  environment.document.addEventListener('visibilitychange', onVisibility);
  pullNow();
  timer = clock.setTimeout(tick, intervalMs);

  return () => {
    environment.window.removeEventListener('online', onOnline);
    environment.document.removeEventListener('visibilitychange', onVisibility);
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
}
