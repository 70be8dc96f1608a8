/**
 * The sync engine (DESIGN §7): sends the outbox's commands to the server in `seq` order (when
 * told which commands are about which invoice, commands about DIFFERENT invoices overlap in a
 * sliding window: send-pass.ts), each with `Idempotency-Key: <command id>` (the same key on every
 * attempt, so a command whose answer was lost is applied once: the server answers the retry with
 * the first answer).
 *
 * - `drain()` is single-flight: calls made while a pass runs share it, and the pass looks at
 *   the queue once more before ending so a command enqueued meanwhile is not left waiting.
 * - A failure that means "try later" (retry-policy.ts) keeps the command, counts the attempt,
 *   sets `nextAttemptAt` by exponential backoff and ends the pass: the commands after it wait,
 *   because they may build on it. A timer drains again when the wait is over.
 * - A refusal (other 4xx) marks the command rejected, rolls its local change back, tells the
 *   cashier (status store, `onRejected`) and goes on with the next command.
 * - An accepted command is deleted, in one transaction with `reconcile` (which may write the
 *   server's answer, e.g. the invoice number, into the local tables); the commands accepted
 *   while a write was running share the next one.
 * - Nothing is written before a request: a command whose answer never arrives (the tab closed)
 *   is still pending and is sent again, with the same key. Its attempts are counted in the row
 *   only when an attempt fails (they drive the backoff).
 */
import { apiRequest, type ApiError } from '../../lib/api-client';
import { tillMeasure, tillNow } from '../../lib/till-timing';
import { useSyncStatusStore, type RejectedCommand, type SyncStatusActions } from '../../stores/sync-status-store';
import { systemClock, type Clock, type TimerHandle } from './clock';
import { rollBack, type LocalChange } from './local-change';
import { compactOutbox, type StateOfCommand } from './outbox-compaction';
import type { TillDb } from './local-db';
import { countUnsent, dismissRejected, enqueue, rejectedCommands, unsentAfter, writeScope } from './outbox';
import { sendPass, type AcceptedOutcome, type Outcome } from './send-pass';
import { backoffDelay, classifyFailure, defaultBackoff, type BackoffPolicy } from './retry-policy';
import { tillRequest } from './till-actions';
import type { NewCommand, StoredCommand } from './types';

/** Invoices sent at once when a queue drains (see `SyncEngineOptions.inFlight`). */
export const DEFAULT_IN_FLIGHT = 8;

export const NO_ANSWER_MESSAGE = 'The server could not be reached; the change will be sent again';
export const REFUSED_MESSAGE = 'The server refused this change';

/** An accepted command and the server's answer to it. */
export interface AcceptedCommand {
  command: StoredCommand;
  answer: unknown;
}

export type Reconcile = (accepted: readonly AcceptedCommand[], db: TillDb) => void | Promise<void>;

/** Sends one command; the default goes through the API client with its Idempotency-Key. */
export type SendCommand = (command: StoredCommand, signal: AbortSignal) => Promise<unknown>;

export const sendThroughApi: SendCommand = (command, signal) => {
  const { method, path, body } = tillRequest(command.action);
  return apiRequest(method, path, { body, headers: { 'Idempotency-Key': command.id }, fallbackMessage: REFUSED_MESSAGE, signal });
};

/** Runs `pass` only when no other tab of this shop runs one (navigator.locks), else skips. */
export type PassLock = (pass: () => Promise<void>) => Promise<void>;

export interface SyncEngineOptions {
  db: TillDb;
  clock?: Clock;
  backoff?: BackoffPolicy;
  /** A request with no answer after this long is abandoned and retried (same key). */
  requestTimeoutMs?: number;
  send?: SendCommand;
  /** Where the cashier-facing state goes; the app's store by default. */
  status?: Pick<SyncStatusActions, 'setPendingCount' | 'markSynced' | 'setRejected' | 'addRejected'>;
  onRejected?: (rejection: RejectedCommand, command: StoredCommand) => void;
  /** A pass that failed on its own (the database, a throwing reconcile); console.error by default. */
  onError?: (error: unknown) => void;
  /**
   * Writes accepted commands' answers locally; runs in the transaction that deletes them, once
   * for each batch the writer stores (one command or many, in seq order).
   */
  reconcile?: Reconcile;
  /**
   * Which commands carry whose whole state (outbox-compaction.ts): when given, each run first
   * leaves out the queued commands a later one replaces. Without it every command is sent.
   */
  stateOf?: StateOfCommand;
  /**
   * With `stateOf`: how many commands about different keys may be in flight at once (1: one at a
   * time). A queue of offline sales is sent several invoices at a time, so the round trips
   * overlap; the server still applies each command once (its Idempotency-Key).
   */
  inFlight?: number;
  lock?: PassLock;
}

/** What a pass did: commands accepted and rejected, and whether one is waiting to be retried. */
export interface DrainResult {
  sent: number;
  rejected: number;
  waiting: boolean;
}

export interface DrainOptions {
  /** Send a waiting command now (the browser just came back online). */
  ignoreBackoff?: boolean;
}

export interface SyncEngine {
  drain(options?: DrainOptions): Promise<DrainResult>;
  /** Stores the command with its local change (outbox.ts `enqueue`), then drains. */
  enqueue(command: NewCommand, localChange?: LocalChange): Promise<StoredCommand>;
  /** Forgets a rejected command once the cashier has read it. */
  dismissRejected(id: string): Promise<void>;
  /** Reads the pending count and the rejected list from the database into the status. */
  refreshStatus(): Promise<void>;
  /** Resolves when no pass is running (e.g. one a timer or a trigger started). */
  settled(): Promise<void>;
  /** Cancels the retry timer (the triggers are detached by `attachSyncTriggers`' own stop). */
  stop(): void;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const backoff = options.backoff ?? defaultBackoff;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const inFlight = options.inFlight ?? DEFAULT_IN_FLIGHT;
  const send = options.send ?? sendThroughApi;
  const status = options.status ?? useSyncStatusStore.getState();
  const lock = options.lock ?? browserLock(db.name);
  const onError = options.onError ?? ((error: unknown) => console.error('The outbox could not be sent', error));
  /** A drain nobody awaits (a timer, an enqueue): its failure is reported, not left unhandled. */
  const drainInBackground = () => void drain().catch(onError);

  let running: Promise<DrainResult> | null = null;
  let askedAgain = false;
  let ignoreBackoffAgain = false;
  let retryTimer: TimerHandle | null = null;
  let retryAt = Infinity;
  let stopped = false;

  function scheduleRetry(at: number) {
    if (stopped || at >= retryAt) return;
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    retryAt = at;
    retryTimer = clock.setTimeout(() => {
      retryTimer = null;
      retryAt = Infinity;
      drainInBackground();
    }, Math.max(0, at - clock.now()));
  }

  async function refreshStatus() {
    status.setPendingCount(await countUnsent(db));
    status.setRejected((await rejectedCommands(db)).map(toRejection));
  }

  /** Stores accepted commands: their answers reconciled and the commands deleted, in ONE transaction. */
  async function store(accepted: AcceptedOutcome[], result: DrainResult): Promise<void> {
    await db.transaction('rw', writeScope(db), async () => {
      await options.reconcile?.(accepted, db);
      await db.outbox.bulkDelete(accepted.map(({ command }) => command.seq));
    });
    result.sent += accepted.length;
    status.markSynced(clock.now());
    for (const { startedAt } of accepted) tillMeasure('command', startedAt);
    status.setPendingCount(await countUnsent(db));
  }

  /** One command's request, abandoned after `requestTimeoutMs`. */
  async function request(command: StoredCommand): Promise<Outcome> {
    const attempt = { ...command, attempts: command.attempts + 1 };
    const controller = new AbortController();
    const timeout = clock.setTimeout(() => controller.abort(), requestTimeoutMs);
    const startedAt = tillNow();
    try {
      const answer = await send(attempt, controller.signal);
      tillMeasure('command-request', startedAt);
      return { command: attempt, startedAt, accepted: true, answer };
    } catch (error) {
      return { command: attempt, startedAt, accepted: false, error };
    } finally {
      clock.clearTimeout(timeout);
    }
  }

  async function failed(command: StoredCommand, error: unknown, result: DrainResult): Promise<boolean> {
    const apiError = isApiError(error) ? error : undefined;
    const lastStatus = apiError?.status ?? 0;
    if (classifyFailure(error) === 'retry') {
      const nextAttemptAt = clock.now() + backoffDelay(command.attempts, backoff, clock.random());
      const lastError = apiError && lastStatus !== 0 ? apiError.message : NO_ANSWER_MESSAGE;
      // `update`, not `put`: a command another tab has just sent and deleted must not come back.
      await db.outbox.update(command.seq, { attempts: command.attempts, nextAttemptAt, lastError, lastStatus });
      result.waiting = true;
      scheduleRetry(nextAttemptAt);
      return false;
    }
    const message = apiError?.message ?? REFUSED_MESSAGE;
    const rejectedAt = clock.now();
    const rejected = await db.transaction('rw', writeScope(db), async () => {
      if (!(await db.outbox.get(command.seq))) return undefined;
      const { conflicts } = await rollBack(db, command.undo);
      const stored: StoredCommand = {
        ...command,
        state: 'rejected',
        lastError: message,
        lastStatus,
        rejectedAt,
        rollbackConflicts: conflicts,
      };
      await db.outbox.put(stored);
      return stored;
    });
    if (!rejected) return true;
    result.rejected += 1;
    const rejection = toRejection(rejected);
    status.addRejected(rejection);
    options.onRejected?.(rejection, rejected);
    return true;
  }

  async function pass(result: DrainResult, ignoreBackoff: boolean) {
    const stateOf = options.stateOf;
    const end = await sendPass(
      {
        readAfter: (afterSeq, limit) => unsentAfter(db, afterSeq, limit),
        send: request,
        store: (accepted) => store(accepted, result),
        fail: ({ command, error }) => failed(command, error, result),
        keyOf: stateOf ? (command) => stateOf(command)?.key ?? null : undefined,
        inFlight,
        now: () => clock.now(),
      },
      ignoreBackoff,
    );
    if (end.waitUntil !== undefined) {
      result.waiting = true;
      scheduleRetry(end.waitUntil);
    }
  }

  async function run(ignoreBackoff: boolean): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, rejected: 0, waiting: false };
    try {
      await lock(async () => {
        if (options.stateOf) await compactOutbox(db, options.stateOf);
        do {
          askedAgain = false;
          result.waiting = false;
          await pass(result, ignoreBackoff || ignoreBackoffAgain);
          ignoreBackoffAgain = false;
        } while (askedAgain && !stopped);
      });
    } finally {
      running = null;
      await refreshStatus();
    }
    return result;
  }

  function drain(drainOptions: DrainOptions = {}): Promise<DrainResult> {
    if (running) {
      askedAgain = true;
      ignoreBackoffAgain ||= drainOptions.ignoreBackoff === true;
      return running;
    }
    running = run(drainOptions.ignoreBackoff === true);
    return running;
  }

  return {
    drain,
    async enqueue(command, localChange) {
      const stored = await enqueue(db, command, localChange, { now: clock.now() });
      status.setPendingCount(await countUnsent(db));
      drainInBackground();
      return stored;
    },
    async dismissRejected(id) {
      await dismissRejected(db, id);
      await refreshStatus();
    },
    refreshStatus,
    async settled() {
      while (running) await running.catch(() => undefined);
    },
    stop() {
      stopped = true;
      if (retryTimer !== null) clock.clearTimeout(retryTimer);
      retryTimer = null;
      retryAt = Infinity;
    },
  };
}

function toRejection(command: StoredCommand): RejectedCommand {
  return {
    id: command.id,
    kind: command.kind,
    message: command.lastError ?? REFUSED_MESSAGE,
    status: command.lastStatus ?? 0,
    rejectedAt: command.rejectedAt ?? command.createdAt,
    conflicts: command.rollbackConflicts ?? 0,
  };
}

function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).status === 'number';
}

/**
 * One pass at a time across the tabs of a shop, where the browser has Web Locks: a second tab
 * skips its pass rather than sending the same command concurrently (which the Idempotency-Key
 * would make harmless, but slower). Without Web Locks every pass runs.
 */
function browserLock(name: string): PassLock {
  return async (pass) => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return pass();
    await locks.request(`${name}-outbox`, { ifAvailable: true }, async (held) => {
      if (held) await pass();
    });
  };
}
