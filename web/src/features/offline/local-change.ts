/**
 * Optimistic local changes that can be undone: the caller writes through `LocalTables`, which
 * notes every row it touches as it was before and as the change left it (`UndoStep`s, stored
 * with the command). A rejected command is rolled back from those steps alone, so the rollback
 * works after a reload or on another device, with no function kept anywhere.
 */
import { readProduct } from './catalog-fill';
import type { TillDb } from './local-db';
import type { DataTableName, LocalRows, UndoStep } from './types';

/** The writes an optimistic change may make (inside the enqueue's transaction). */
export interface LocalTables {
  get<N extends DataTableName>(table: N, key: string): Promise<LocalRows[N] | undefined>;
  put<N extends DataTableName>(table: N, row: LocalRows[N]): Promise<void>;
  delete(table: DataTableName, key: string): Promise<void>;
}

/** A local change: called once, inside the transaction that also writes its command. */
export type LocalChange = (tables: LocalTables) => void | Promise<void>;

/**
 * A row as the change sees it. A product may not be in the table yet while the first pull's
 * snapshot is still being copied into it (catalog-fill.ts): it is read from the snapshot then,
 * and the change's write puts it in the table with the undo step's `before` the snapshot's row,
 * so a rollback restores it there instead of deleting it.
 */
async function rowOf(db: TillDb, table: DataTableName, key: string): Promise<unknown> {
  return table === 'products' ? readProduct(db, key) : db.dataTable(table).get(key);
}

/** Runs `change` against `db` (already inside a transaction over `writeScope`) and answers how to undo it. */
export async function recordChange(db: TillDb, change: LocalChange): Promise<UndoStep[]> {
  const touched = new Map<string, { table: DataTableName; key: string; before: unknown }>();
  const note = async (table: DataTableName, key: string) => {
    const id = `${table}\u0000${key}`;
    if (!touched.has(id)) touched.set(id, { table, key, before: (await rowOf(db, table, key)) ?? null });
  };
  const tables: LocalTables = {
    get: async <N extends DataTableName>(table: N, key: string) => (await rowOf(db, table, key)) as LocalRows[N] | undefined,
    put: async (table, row) => {
      await note(table, row._id);
      await db.dataTable(table).put(row);
    },
    delete: async (table, key) => {
      await note(table, key);
      await db.dataTable(table).delete(key);
    },
  };
  await change(tables);

  const steps: UndoStep[] = [];
  for (const { table, key, before } of touched.values()) {
    const after = (await db.dataTable(table).get(key)) ?? null;
    if (!sameValue(before, after)) steps.push({ table, key, before, after });
  }
  return steps;
}

/** How a rollback went: rows put back, and rows left alone because a later change moved them. */
export interface RollbackResult {
  restored: number;
  conflicts: number;
}

/**
 * Puts back each row the command changed, last change first, but only where the row is still
 * what the command left: a row changed again since (a later command, a catalogue sync) is kept,
 * and counted as a conflict so the cashier can be told. Call inside a transaction.
 */
export async function rollBack(db: TillDb, steps: readonly UndoStep[]): Promise<RollbackResult> {
  const result: RollbackResult = { restored: 0, conflicts: 0 };
  for (const step of [...steps].reverse()) {
    const table = db.dataTable(step.table);
    const current = (await table.get(step.key)) ?? null;
    if (!sameValue(current, step.after)) {
      result.conflicts += 1;
      continue;
    }
    if (step.before === null) await table.delete(step.key);
    else await table.put(step.before);
    result.restored += 1;
  }
  return result;
}

/** Deep equality of structured-clone values (what IndexedDB stores): plain data only. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  const bRecord = b as Record<string, unknown>;
  const aRecord = a as Record<string, unknown>;
  return aKeys.every((key) => Object.hasOwn(bRecord, key) && sameValue(aRecord[key], bRecord[key]));
}
