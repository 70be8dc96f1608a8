/**
 * The outbox (DESIGN §7): every offline-capable write is stored as a command, together with its
 * optimistic local change, in ONE Dexie transaction. Either both are written or neither: a
 * change that throws leaves no command, and a command that cannot be written leaves no change.
 *
 * Commands are read back in `seq` order (the order they were enqueued); the sync engine
 * (`sync-engine.ts`) sends them. A command the server accepted is deleted; a rejected one stays,
 * state `rejected`, until the cashier dismisses it.
 */
import { pendingScope } from './catalog-fill';
import { recordChange, type LocalChange } from './local-change';
import type { TillDb } from './local-db';
import type { TillAction } from './till-actions';
import type { DeferredAction, NewCommand, OutboxCommand, StoredCommand } from './types';

export interface EnqueueOptions {
  /** Epoch milliseconds; the engine's clock. */
  now?: number;
  /** The command's id (the Idempotency-Key); a fresh UUID by default. */
  id?: string;
}

/**
 * The tables every enqueue (and reconcile, and rollback) transaction covers: the local data,
 * the invoice numbers, the device's numbering and the outbox; and, while a table fill may be
 * pending, what a product row not yet in its table is read from (catalog-fill.ts).
 */
export function writeScope(db: TillDb) {
  const tables = [
    db.products, db.categories, db.customers, db.invoices, db.invoiceNumbers, db.device, db.shifts, db.shiftEntries,
    db.shiftNumbers, db.tillSettings, db.outbox,
  ];
  return db.fillMayBePending ? [...tables, ...pendingScope(db)] : tables;
}

const isDeferred = (action: TillAction | DeferredAction): action is DeferredAction => typeof action === 'function';

/**
 * Applies `localChange` and stores `command` atomically, and answers the stored command. The
 * change's undo steps are stored with the command so a rejection can roll it back. A deferred
 * action is called after the change, in the transaction, so it can send what the change wrote.
 */
export async function enqueue(
  db: TillDb,
  command: NewCommand,
  localChange?: LocalChange,
  options: EnqueueOptions = {},
): Promise<StoredCommand> {
  const id = options.id ?? crypto.randomUUID();
  const createdAt = options.now ?? Date.now();
  return db.transaction('rw', writeScope(db), async () => {
    const undo = localChange ? await recordChange(db, localChange) : [];
    const action = isDeferred(command.action) ? command.action() : command.action;
    const stored: OutboxCommand = { id, kind: command.kind, action, createdAt, state: 'pending', attempts: 0, nextAttemptAt: 0, undo };
    const seq = await db.outbox.add(stored);
    return { ...stored, seq };
  });
}

const isUnsent = (command: StoredCommand) => command.state !== 'rejected';

/** The commands still to send (pending or interrupted while sending), in `seq` order. */
export function unsentCommands(db: TillDb): Promise<StoredCommand[]> {
  return db.outbox.filter(isUnsent).toArray();
}

/** Up to `limit` commands still to send with a seq above `afterSeq`, in `seq` order. */
export function unsentAfter(db: TillDb, afterSeq: number, limit: number): Promise<StoredCommand[]> {
  return db.outbox.where('seq').above(afterSeq).filter(isUnsent).limit(limit).toArray();
}

/**
 * How many commands are not yet accepted by the server (what blocks logout and updates): all
 * of them less the rejected ones. Two counts IndexedDB answers from its indexes, where a count
 * of "pending or sending" would walk the index (the engine counts after every write).
 */
export function countUnsent(db: TillDb): Promise<number> {
  return db.transaction('r', db.outbox, async () => (await db.outbox.count()) - (await db.outbox.where('state').equals('rejected').count()));
}

/** The rejected commands, oldest first, for the cashier to read and dismiss. */
export function rejectedCommands(db: TillDb): Promise<StoredCommand[]> {
  return db.outbox.where('state').equals('rejected').sortBy('seq');
}

/** Forgets a rejected command once the cashier has read it; anything else is left alone. */
export async function dismissRejected(db: TillDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const command = await db.outbox.where('id').equals(id).first();
    if (!command || command.state !== 'rejected') return false;
    await db.outbox.delete(command.seq);
    return true;
  });
}
