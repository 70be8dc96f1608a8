/**
 * The till's User Timing entries (the offline till's benchmarks, docs/benchmarks.md "Offline till"):
 * `performance.measure` entries named `till:*` that a profiler, or the Playwright bench
 * (web/bench/offline-till.bench.mjs), reads with `performance.getEntriesByName`. They stay in
 * production: a measure costs about a microsecond, and a slow till can be diagnosed on the shop's
 * own device from the browser's performance panel.
 *
 * - `till:catalog-sync`: one catalogue pull, from its start to its last page stored (and the
 *   catalogue snapshot written, after a pull that brought many products);
 * - `till:catalog-page`: storing one page of a pull (its transaction, waits included);
 * - `till:catalog-snapshot`: writing the catalogue snapshot at the end of a large pull;
 * - `till:catalog-read`: reading the local catalogue for the screens (at the start, and again
 *   only when another tab's snapshot replaced the log the screens were following);
 * - `till:catalog-index`: the time spent indexing it in memory (barcode map and search keys,
 *   made in idle slices after the grid is shown: the sum of the slices);
 * - `till:barcode-lookup`: finding the product of a scanned code;
 * - `till:search`: finding the tiles to show for the search text and category;
 * - `till:add-line`: a tap on a tile or a scan, until the new total is written to the screen;
 * - `till:command`, `till:command-request`: one outbox command accepted, from taking it to
 *   deleting it, and its HTTP request alone.
 *
 * The browser keeps at most a few hundred thousand entries; a till running for days would fill
 * it, so each name keeps only its latest `KEPT_PER_NAME` entries.
 */

export const KEPT_PER_NAME = 2000;

const counts = new Map<string, number>();

const timing = (): Performance | null =>
  typeof performance !== 'undefined' && typeof performance.measure === 'function' ? performance : null;

export const tillNow = (): number => timing()?.now() ?? Date.now();

/** Records `till:<name>` from `start` (a `tillNow()` reading) to now. */
export function tillMeasure(name: string, start: number, detail?: Record<string, unknown>): void {
  const clock = timing();
  if (!clock) return;
  const entry = `till:${name}`;
  const count = (counts.get(entry) ?? 0) + 1;
  if (count > KEPT_PER_NAME) {
    clock.clearMeasures(entry);
    counts.set(entry, 1);
  } else {
    counts.set(entry, count);
  }
  try {
    clock.measure(entry, { start, end: clock.now(), detail });
  } catch {
    // An engine without the options form of measure (old Safari): the till works the same.
  }
}

/** Records `till:<name>` as `duration` milliseconds ending now (work done in several slices). */
export function tillMeasureDuration(name: string, duration: number, detail?: Record<string, unknown>): void {
  const clock = timing();
  if (!clock) return;
  tillMeasure(name, clock.now() - duration, detail);
}

/** Runs `work`, recording its time as `till:<name>`. */
export function timed<T>(name: string, work: () => T): T {
  const start = tillNow();
  try {
    return work();
  } finally {
    tillMeasure(name, start);
  }
}

let addStarted: { at: number; wallClock: number } | null = null;

/** A tap or scan that may add a line: the clock of `till:add-line` starts now. */
export function startAddLineTiming(): void {
  addStarted = { at: tillNow(), wallClock: Date.now() };
}

/** The add came to nothing (refused, or the line was already as asked): no entry. */
export function cancelAddLineTiming(): void {
  addStarted = null;
}

/**
 * A cart was written to the screen: ends `till:add-line` if an add is being timed and this cart
 * is the add's (`changedAt`, the invoice's epoch-ms update time, is not older than the tap; an
 * earlier change showing late does not end the clock).
 */
export function finishAddLineTiming(changedAt: number, detail?: Record<string, unknown>): void {
  if (addStarted === null || changedAt < addStarted.wallClock) return;
  const start = addStarted.at;
  addStarted = null;
  tillMeasure('add-line', start, detail);
}
