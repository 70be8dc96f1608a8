/**
 * What a failed send means for a command (DESIGN §7), and how long to wait before the next try.
 *
 * Wait (keep the command, retry later, and hold the commands after it, because order matters):
 * - no answer at all (offline, a cut connection, a timeout): the server may or may not have
 *   applied it, and the retry with the same Idempotency-Key gets the first answer if it did;
 * - 5xx (the Idempotency-Key layer releases the key on those, so a retry runs again);
 * - 408 and 429 (the server asks to come back later);
 * - 409 "still being processed" from the Idempotency-Key layer (the first attempt still runs);
 * - 401: the session ended (a tablet left overnight). The sale is not wrong: it waits until the
 *   cashier signs in again instead of being thrown away.
 * Reject (the server refused the request itself; retrying would get the same answer): any
 * other 4xx, including 422 "This Idempotency-Key was used for another request".
 */
import { ApiError } from '../../lib/api-client';

/** The Idempotency-Key layer's 409 message (server/src/http/idempotency.rs STILL_RUNNING). */
export const STILL_RUNNING_MESSAGE = 'A request with this Idempotency-Key is still being processed';

export type FailureClass = 'retry' | 'reject';

export function classifyFailure(error: unknown): FailureClass {
  // Anything that is not an answer from the server (a timeout's abort, a bug in a reader) is
  // treated like a lost answer: the key makes a second send safe.
  if (!(error instanceof ApiError)) return 'retry';
  const { status } = error;
  if (status === 0 || status >= 500) return 'retry';
  if (status === 401 || status === 408 || status === 429) return 'retry';
  if (status === 409) return error.serverMessage === STILL_RUNNING_MESSAGE ? 'retry' : 'reject';
  if (status >= 400) return 'reject';
  // A 2xx whose envelope says `success: false`, or a 1xx/3xx: the server answered and refused.
  return 'reject';
}

export interface BackoffPolicy {
  /** The wait after the first failed attempt, in milliseconds. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };

/**
 * The wait after `attempts` failed attempts: base × 2^(attempts−1), at most the cap, of which
 * the upper half is random ("equal jitter") so tills that lost the network together do not all
 * come back in the same millisecond. `random` is in [0, 1).
 */
export function backoffDelay(attempts: number, policy: BackoffPolicy, random: number): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
