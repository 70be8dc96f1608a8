/**
 * Leaving out commands a later one makes pointless (docs/benchmarks.md, "Offline till": 1,000 sales
 * queued offline sync in <= 10 s). The till's commands are STATE-CARRYING: each sends the whole
 * invoice as the till has it after the change. When a later command in the queue carries the same
 * invoice's whole state, an earlier `replaceable` one tells the server nothing the later one does
 * not: a sale rung up offline as create, add, add, pay is sent as its payment alone (which creates
 * the invoice when absent), one request instead of four.
 *
 * Which commands carry whose state is the caller's knowledge (features/sales/local says it of
 * the till's actions); this module only applies it:
 * - `replaceable`: carries the whole state of `key` and may be left out when a later command
 *   carries it too (the till's `saveInvoice`);
 * - `carries`: carries the whole state of `key` but is always sent (a payment);
 * - `barrier`: about `key` without carrying its state (a delete): nothing before it is left out
 *   because of anything after it.
 *
 * A command left out hands its undo steps to the command that replaced it, ahead of its own: if
 * that one is refused, the rollback undoes both changes, last first, as two refusals would have.
 */
import type { TillDb } from './local-db';
import type { StoredCommand } from './types';

export interface CommandState {
  key: string;
  role: 'replaceable' | 'carries' | 'barrier';
}

/** What a command says about whose state; null: nothing (never left out, never replaces). */
export type StateOfCommand = (command: Pick<StoredCommand, 'action'>) => CommandState | null;

export interface Compaction {
  /** Seqs of the commands left out. */
  dropped: number[];
  /** The commands that took their undo steps, as they must be stored now. */
  changed: StoredCommand[];
}

/** Which of `commands` (unsent, in seq order) can be left out, and what the others become. */
export function planCompaction(commands: readonly StoredCommand[], stateOf: StateOfCommand): Compaction {
  const latest = new Map<string, StoredCommand | null>();
  const changed = new Map<number, StoredCommand>();
  const dropped: number[] = [];
  for (let index = commands.length - 1; index >= 0; index -= 1) {
    const command = commands[index];
    const state = stateOf(command);
    if (!state) continue;
    if (state.role === 'barrier') {
      latest.set(state.key, null);
      continue;
    }
    const later = latest.get(state.key);
    if (state.role === 'replaceable' && later) {
      const taker = changed.get(later.seq) ?? later;
      changed.set(later.seq, { ...taker, undo: [...command.undo, ...taker.undo] });
      dropped.push(command.seq);
      continue;
    }
    latest.set(state.key, command);
  }
  return { dropped: dropped.reverse(), changed: [...changed.values()] };
}

/**
 * Leaves out the queue's replaced commands, in one transaction; answers how many. Rejected
 * commands are the cashier's to read and are neither left out nor replacing.
 */
export async function compactOutbox(db: TillDb, stateOf: StateOfCommand): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const unsent = await db.outbox.filter((command) => command.state !== 'rejected').toArray();
    if (unsent.length < 2) return 0;
    const { dropped, changed } = planCompaction(unsent, stateOf);
    if (dropped.length === 0) return 0;
    await db.outbox.bulkDelete(dropped);
    await db.outbox.bulkPut(changed);
    return dropped.length;
  });
}
