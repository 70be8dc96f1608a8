/**
 * Stock operations on a device that cannot reach the server (docs/offline.md, "Stock"): an
 * adjustment, a delivery or a count's lines are sent at once when the server answers; when it
 * cannot be reached they go into the till's outbox under the same ref, with the device's own
 * stock figure moved at once, and the sync engine sends them exactly once when the network
 * returns. A command the server refuses then is rolled back and listed with the others.
 */
import type { LocalTables, TillAction, TillDb } from '@/features/offline';
import type { TillData } from '@/features/sales';
import { ApiError } from '@/lib/api-client';
import { sumDecimal } from '@/lib/decimal-text';

/** What became of an operation: the server's answer, or queued on this device. */
export type Sent<T> = { sent: T } | { queued: true };

export interface QueuedStock {
  /** The command's name in the sync status (status/command-labels.ts). */
  kind: 'adjustStock' | 'receiveStock' | 'countStock';
  action: TillAction;
  /** Signed changes of the device's stock figures, by product id (none for a count's lines). */
  stockChanges?: ReadonlyMap<string, string>;
}

/**
 * Sends now; with no answer from the server (and a till on this device), queues instead.
 * `behindQueue`: what is already queued must reach the server first (a count's later entry for
 * a product would otherwise be overwritten by its earlier one), so this is queued behind it.
 */
export async function sendOrQueue<T>(data: TillData | null, send: () => Promise<T>, queued: QueuedStock, behindQueue = false): Promise<Sent<T>> {
  if (data && behindQueue) return queue(data, queued);
  try {
    return { sent: await send() };
  } catch (error) {
    if (!data || !isUnreachable(error)) throw error;
    return queue(data, queued);
  }
}

async function queue(data: TillData, queued: QueuedStock): Promise<{ queued: true }> {
  const changes = queued.stockChanges;
  await data.engine.enqueue({ kind: queued.kind, action: queued.action }, changes ? (tables) => moveStock(tables, changes) : undefined);
  return { queued: true };
}

export const isUnreachable = (error: unknown) => error instanceof ApiError && error.isNetworkError;

async function moveStock(tables: LocalTables, changes: ReadonlyMap<string, string>) {
  for (const [productId, change] of changes) {
    const product = await tables.get('products', productId);
    if (product) await tables.put('products', { ...product, quantity: Number(sumDecimal([product.quantity, change])) });
  }
}

/** How many queued line entries of count `countId` the server has not accepted yet. */
export async function unsentCountEntries(db: TillDb, countId: string): Promise<number> {
  const commands = await db.outbox.filter((command) => command.state !== 'rejected' && command.action.type === 'countStock' && command.action.countId === countId).toArray();
  return commands.length;
}
