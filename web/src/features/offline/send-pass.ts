/**
 * One pass of the sync engine over the outbox (sync-engine.ts owns the requests, the failures
 * and the local writes; this module owns only the ORDER and the overlap):
 *
 * - Commands leave in `seq` order. A command about a key (an invoice) waits while a command
 *   about the same key is out, so one invoice's commands reach the server in order; commands
 *   about different keys overlap, up to `inFlight` at once. The window SLIDES: each answer lets
 *   the next command go, so one slow request holds back only its own invoice, not the seven
 *   others (in the benchmark, 1,000 queued sales were waiting for the slowest of each window of 8).
 * - A command about no key (a new customer), or every command when the engine does not know the
 *   keys, goes alone: after everything before it has been answered, and before anything after it.
 * - Accepted commands are stored (their answers reconciled and the commands deleted) by ONE
 *   writer, in one transaction per batch of whatever was accepted since its last write, while
 *   the requests go on: the local database and the network no longer take turns.
 * - A failure that means "try later" stops the pass: nothing new is sent, the requests already
 *   out are answered and stored, and the pass ends.
 * - A command still backing off ends the pass too, until the server has answered one command of
 *   this pass (accepted or refused): the waits of the others were for the same outage (a window
 *   of 8 in flight when the network went leaves 8 commands backing off, up to a minute each), so
 *   once the server answers they go at once instead of each waiting out its own timer. Told to
 *   (the browser came back online), the pass sends its first command even if it is backing
 *   off, alone, as the probe.
 */
import type { StoredCommand } from './types';

/** How many upcoming commands are read from the outbox at once. */
export const READ_AHEAD = 100;

export type Outcome =
  | { command: StoredCommand; startedAt: number; accepted: true; answer: unknown }
  | { command: StoredCommand; startedAt: number; accepted: false; error: unknown };

export type AcceptedOutcome = Extract<Outcome, { accepted: true }>;

export interface PassSteps {
  /** Up to `limit` unsent commands with a seq above `afterSeq`, in seq order. */
  readAfter(afterSeq: number, limit: number): Promise<StoredCommand[]>;
  /** Sends one command; never throws (a failure is an outcome). */
  send(command: StoredCommand): Promise<Outcome>;
  /** Stores accepted commands in one transaction. */
  store(accepted: AcceptedOutcome[]): Promise<void>;
  /** Handles a failed command; answers whether the pass may go on. */
  fail(outcome: Extract<Outcome, { accepted: false }>): Promise<boolean>;
  /** The key a command is about; null: none (it goes alone). Without keys every command goes alone. */
  keyOf?: (command: StoredCommand) => string | null;
  inFlight: number;
  now(): number;
}

export interface PassEnd {
  /** Set when the pass stopped at a command backing off until then (epoch ms). */
  waitUntil?: number;
}

export async function sendPass(steps: PassSteps, ignoreBackoff: boolean): Promise<PassEnd> {
  const flying = new Map<number, Promise<void>>();
  const keysFlying = new Set<string>();
  const accepted: AcceptedOutcome[] = [];
  let writing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  let stopped = false;
  let dispatched = 0;
  /** The server answered a command of this pass (accepted, or refused and gone on from). */
  let serverAnswered = false;
  let upcoming: StoredCommand[] = [];
  let readUpTo = 0;

  const fail = (error: unknown) => {
    failure ??= { error };
    stopped = true;
  };

  function startWriter() {
    if (writing || failure || accepted.length === 0) return;
    writing = (async () => {
      while (accepted.length > 0 && !failure) await steps.store(accepted.splice(0));
    })()
      .catch(fail)
      .then(() => {
        writing = null;
        startWriter();
      });
  }

  function dispatch(command: StoredCommand, key: string | null) {
    upcoming.shift();
    dispatched += 1;
    if (key !== null) keysFlying.add(key);
    const flight = steps
      .send(command)
      .then(async (outcome) => {
        if (outcome.accepted) {
          serverAnswered = true;
          accepted.push(outcome);
          startWriter();
        } else if (await steps.fail(outcome)) {
          serverAnswered = true;
        } else {
          stopped = true;
        }
      })
      .catch(fail)
      .finally(() => {
        flying.delete(command.seq);
        if (key !== null) keysFlying.delete(key);
      });
    flying.set(command.seq, flight);
  }

  const oneAnswered = () => Promise.race(flying.values());
  async function allAnswered() {
    while (flying.size > 0) await oneAnswered();
  }

  let end: PassEnd = {};
  for (;;) {
    if (stopped) break;
    if (upcoming.length === 0) {
      upcoming = await steps.readAfter(readUpTo, READ_AHEAD);
      if (upcoming.length === 0) {
        // Nothing more was queued: once the requests out are answered, look once more (a
        // command enqueued meanwhile, or one after a refusal), else the pass is over.
        if (flying.size === 0) break;
        await allAnswered();
        continue;
      }
      readUpTo = upcoming[upcoming.length - 1].seq;
    }
    const next = upcoming[0];
    const backingOff = next.nextAttemptAt > steps.now() && !serverAnswered;
    if (backingOff && !(ignoreBackoff && dispatched === 0)) {
      if (flying.size > 0) {
        await oneAnswered();
        continue;
      }
      end = { waitUntil: next.nextAttemptAt };
      break;
    }
    const key = steps.keyOf && steps.inFlight > 1 ? steps.keyOf(next) : null;
    if (key === null) {
      if (flying.size > 0) {
        await allAnswered();
        continue;
      }
      dispatch(next, null);
      await allAnswered();
      continue;
    }
    if (keysFlying.has(key) || flying.size >= steps.inFlight) {
      await oneAnswered();
      continue;
    }
    dispatch(next, key);
  }

  await allAnswered();
  while (writing) await writing;
  // Set by the writer or a failure handler, which TypeScript's flow analysis does not see.
  const failed = failure as { error: unknown } | null;
  if (failed) throw failed.error;
  return end;
}
