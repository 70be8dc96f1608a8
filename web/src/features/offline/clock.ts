/**
 * Time for the sync engine, injectable so tests drive backoff and timers by hand (the real
 * timers cannot be faked there: fake-indexeddb schedules its own work on them).
 */
export type TimerHandle = unknown;

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(run: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** A number in [0, 1): the backoff's jitter. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, delayMs) => globalThis.setTimeout(run, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  random: () => Math.random(),
};
