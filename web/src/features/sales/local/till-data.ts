/**
 * What the till's local commands and screens work with: the shop's local database and its sync
 * engine. The till runtime (features/offline/till-runtime.ts) makes them once per signed-in shop
 * and hands them to the screens through `TillDataProvider` (till-data-context.tsx).
 */
import type { TillDb, SyncEngine } from '@/features/offline';

export interface TillData {
  db: TillDb;
  engine: Pick<SyncEngine, 'enqueue' | 'drain'>;
  /** Pulls the server's catalogue and customers changes now (the running till's; absent in tests). */
  pullNow?: () => Promise<void>;
  /** Epoch milliseconds; `Date.now` unless a test drives time. */
  now?: () => number;
}

export const nowOf = (data: TillData) => (data.now ?? Date.now)();

/**
 * A change the till refuses before anything is written or queued (not enough stock, a
 * quantity that breaks the unit's rules, a redemption over the limit): its message is the
 * server's for the same refusal, shown to the cashier as it is.
 */
export class TillRefusal extends Error {
  override name = 'TillRefusal';
}

/** The message to show for a failed till action: a refusal's own, else `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof TillRefusal ? error.message : fallback;
}
