/**
 * Moving a queue to another device (docs/offline.md, "The cashier always knows"): the unsent
 * commands as a versioned JSON file.
 *
 * The file keeps each command's id, so the server still applies each one once whichever device
 * sends it (a command sent from both answers the first answer). It keeps no undo steps: the
 * optimistic changes were made on the first device's tables, not the second's. Import appends
 * the commands after the device's own, in the file's order, and skips ids already present.
 */
import type { TillDb } from './local-db';
import { unsentCommands } from './outbox';
import { actionOfRequest, type TillAction } from './till-actions';
import type { OutboxCommand, StoredCommand } from './types';

export const QUEUE_FILE_FORMAT = 'tillwise-outbox';
/** Version 2 keeps each command's action; version 1 files (each command's request) still import. */
export const QUEUE_FILE_VERSION = 2;
const REQUESTS_FILE_VERSION = 1;

export interface QueuedCommand {
  id: string;
  kind: string;
  action: TillAction;
  createdAt: number;
  attempts: number;
}

export interface QueueFile {
  format: typeof QUEUE_FILE_FORMAT;
  version: typeof QUEUE_FILE_VERSION;
  shopId: string;
  exportedAt: number;
  commands: QueuedCommand[];
}

/** A file that cannot be imported; `message` says why, for the cashier. */
export class QueueFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueFileError';
  }
}

/** The file's text for `commands` (those not rejected, in the order given). */
export function serialiseQueue(commands: readonly StoredCommand[], shopId: string, exportedAt: number): string {
  const file: QueueFile = {
    format: QUEUE_FILE_FORMAT,
    version: QUEUE_FILE_VERSION,
    shopId,
    exportedAt,
    commands: commands
      .filter((command) => command.state !== 'rejected')
      .map(({ id, kind, action, createdAt, attempts }) => ({ id, kind, action, createdAt, attempts })),
  };
  return JSON.stringify(file, null, 2);
}

/** The device's unsent commands as a file's text. */
export async function exportQueue(db: TillDb, shopId: string, exportedAt: number): Promise<string> {
  return serialiseQueue(await unsentCommands(db), shopId, exportedAt);
}

const methods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Reads and checks a file's text; throws a QueueFileError naming the first problem. */
export function parseQueueFile(text: string): QueueFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new QueueFileError('The file is not a queue export (not JSON)');
  }
  if (!isRecord(parsed) || parsed.format !== QUEUE_FILE_FORMAT) throw new QueueFileError('The file is not a queue export');
  if (parsed.version !== QUEUE_FILE_VERSION && parsed.version !== REQUESTS_FILE_VERSION) {
    throw new QueueFileError(`Queue file version ${String(parsed.version)} is not supported (expected ${QUEUE_FILE_VERSION})`);
  }
  const readAction: ReadAction = parsed.version === REQUESTS_FILE_VERSION ? checkRequest : checkAction;
  if (typeof parsed.shopId !== 'string' || !parsed.shopId) throw new QueueFileError('The queue file names no shop');
  if (typeof parsed.exportedAt !== 'number') throw new QueueFileError('The queue file has no export time');
  if (!Array.isArray(parsed.commands)) throw new QueueFileError('The queue file has no commands list');
  const commands = parsed.commands.map((command: unknown, index: number) => checkCommand(command, index + 1, readAction));
  return { format: QUEUE_FILE_FORMAT, version: QUEUE_FILE_VERSION, shopId: parsed.shopId, exportedAt: parsed.exportedAt, commands };
}

type Problem = (what: string) => QueueFileError;
type ReadAction = (command: Record<string, unknown>, problem: Problem) => TillAction;

function checkCommand(value: unknown, position: number, readAction: ReadAction): QueuedCommand {
  const problem: Problem = (what) => new QueueFileError(`Command ${position} in the queue file ${what}`);
  if (!isRecord(value)) throw problem('is not an object');
  const { id, kind, createdAt, attempts } = value;
  if (typeof id !== 'string' || !/^[!-~]{1,200}$/.test(id)) throw problem('has no valid id');
  if (typeof kind !== 'string' || !kind) throw problem('has no kind');
  const action = readAction(value, problem);
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) throw problem('has no creation time');
  const tries = typeof attempts === 'number' && Number.isInteger(attempts) && attempts >= 0 ? attempts : 0;
  return { id, kind, action, createdAt, attempts: tries };
}

/** A version 1 command: its request, read as the action it was. */
function checkRequest({ method, path, body }: Record<string, unknown>, problem: Problem): TillAction {
  if (typeof method !== 'string' || !methods.has(method)) throw problem('has no valid method');
  if (typeof path !== 'string' || !path.startsWith('/')) throw problem('has no valid path');
  return actionOfRequest({ method: method as 'POST', path, body });
}

const isRef = (value: unknown): value is string => typeof value === 'string' && value !== '';

function checkAction({ action }: Record<string, unknown>, problem: Problem): TillAction {
  if (!isRecord(action)) throw problem('has no action');
  switch (action.type) {
    case 'saveInvoice':
    case 'payInvoice':
    case 'deleteInvoice':
      if (!isRef(action.invoiceRef)) throw problem('names no invoice');
      if (action.type !== 'deleteInvoice' && !isRecord(action.payload)) throw problem('carries no invoice');
      return action as TillAction;
    case 'createCustomer':
      if (!isRef(action.customerRef) || !isRecord(action.payload)) throw problem('carries no customer');
      return action as TillAction;
    case 'openShift':
    case 'moveCash':
    case 'closeShift':
      if (!isRef(action.shiftRef) || !isRecord(action.payload)) throw problem('carries no shift');
      return action as TillAction;
    case 'adjustStock':
    case 'receiveStock':
      if (!isRecord(action.payload) || !isRef(action.payload.ref)) throw problem('carries no stock operation');
      return action as TillAction;
    case 'countStock':
      if (!isRef(action.countId) || !isRecord(action.payload)) throw problem('carries no counted lines');
      return action as TillAction;
    case 'request':
      return checkRequest(action, problem);
    default:
      throw problem('has no valid action');
  }
}

export interface ImportResult {
  added: number;
  /** Ids already in this device's outbox (sent from here, or imported before). */
  skipped: number;
}

/**
 * Appends the file's commands to the outbox of `shopId` (refusing another shop's file), in one
 * transaction: a file is imported whole or not at all.
 */
export async function importQueue(db: TillDb, file: QueueFile, shopId: string): Promise<ImportResult> {
  if (file.shopId !== shopId) throw new QueueFileError('The queue file belongs to another shop');
  return db.transaction('rw', db.outbox, async () => {
    const result: ImportResult = { added: 0, skipped: 0 };
    for (const command of file.commands) {
      if ((await db.outbox.where('id').equals(command.id).count()) > 0) {
        result.skipped += 1;
        continue;
      }
      const stored: OutboxCommand = { ...command, state: 'pending', nextAttemptAt: 0, undo: [] };
      await db.outbox.add(stored);
      result.added += 1;
    }
    return result;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
