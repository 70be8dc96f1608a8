/**
 * The shapes of the till's local data (docs/offline.md): the synced catalogue rows, the
 * per-resource sync cursors, and the outbox's commands.
 *
 * A command is stored as plain data (no functions) so it survives a reload, can be exported to
 * a file and imported on another device, and can be rolled back from its `undo` steps alone.
 */
import type { Category, Product } from '@/features/catalog';
import type { Customer } from '@/types/customer';
import type { Invoice } from '@/types/invoice';
import type { CashCount, Decimal, MovementKind, ShiftRefund, ShiftSale } from '@/lib/core';
import type { TillAction } from './till-actions';

export type { Category, Customer, Product };

/**
 * An invoice of the till's local `invoices` table (docs/offline.md): the
 * server's `Invoice` shape keyed by its client `ref` (`_id` = `ref`), so the till can create,
 * change and pay it before the server has seen it.
 *
 * - `origin: 'till'`: made or changed here; the till's row is the truth until its commands are
 *   sent. `origin: 'server'`: a copy of the server's (an open order listed online).
 * - `invoiceNumber` is "" until the server numbers the ref; the number then lives in the
 *   `invoiceNumbers` table (written only by reconcile) and the screens join it in.
 * - `serverId`: the server's id, when this row came from the server (a till row's is found
 *   in `invoiceNumbers`).
 */
export interface LocalInvoice extends Invoice {
  ref: string;
  /** `7F3A-0012`: the device's number for it, shown until the server's; "" for none. */
  provisionalNumber: string;
  serverId: string | null;
  origin: 'till' | 'server';
}

/** What the server answered for a ref: its id, invoice number and, once paid, receipt number (reconcile writes it). */
export interface InvoiceNumberRow {
  ref: string;
  serverId: string;
  invoiceNumber: string;
  receiptNumber?: string;
}

/**
 * A shift of this till (docs/shifts.md, "The till"): opened with a counted float (or by itself
 * at a sale, float 0), closed with the cash counted. Keyed by its ref (`_id`), the UUID the
 * server knows it by. What happened in it is kept apart, one `ShiftEntry` row each, so a sale
 * writes (and its undo step keeps) one small row, never the whole shift.
 */
export interface LocalShift {
  _id: string;
  /** The device code (`7F3A`) its sales' provisional numbers start with. */
  deviceCode: string;
  /** `7F3A-0003`, shown until the server's `SH-000007`; "" for one opened by a sale. */
  provisionalNumber: string;
  status: 'open' | 'closed';
  autoOpened: boolean;
  openingFloat: Decimal;
  openedAt: number;
  openedBy: string;
  closedAt: number | null;
  closedBy: string;
  counted: CashCount | null;
}

/**
 * One thing a shift's report counts: a sale paid at this till, a refund made here, or cash paid
 * in or out. Keyed by the sale's invoice ref, the refund's or the movement's ref.
 */
export type ShiftEntry =
  | { _id: string; shiftRef: string; at: number; type: 'sale'; sale: ShiftSale }
  | { _id: string; shiftRef: string; at: number; type: 'refund'; refund: ShiftRefund }
  | { _id: string; shiftRef: string; at: number; type: 'movement'; movement: ShiftMovement };

/** Cash paid in or out of the drawer, with who did it. */
export interface ShiftMovement {
  kind: MovementKind;
  amount: Decimal;
  reason: string;
  by: string;
}

/** The server's number for a shift ref (reconcile writes it, or the till's read of its open shift). */
export interface ShiftNumberRow {
  ref: string;
  serverId: string;
  number: string;
}

/**
 * A shop setting the till keeps for when it is offline: `requireOpenShift` (GET
 * /shop/shift-settings) and `cashRounding`, the step cash is rounded to (GET
 * /shop/payment-settings, as decimal text: "0" for none).
 */
export type TillSettingRow = { key: 'requireOpenShift'; value: boolean } | { key: 'cashRounding'; value: Decimal };

/**
 * A gift card's balance as this till last learnt it from the server (`GET /gift-card/{number}`
 * or the answer to selling it), so the card can pay offline later. The till never spends from
 * it: its own unsent payments are held against it (features/sales/local/gift-card.ts).
 */
export interface GiftCardRow {
  /** As core normalises it: capitals and digits ("GC00017788"). */
  number: string;
  balance: Decimal;
  /** When the till learnt it (unix milliseconds). */
  learntAt: number;
}

/** The device's provisional numbering: a 4 hex character code and the next number to give. */
export interface DeviceRow {
  key: 'device';
  code: string;
  next: number;
}

/** The resources pulled by `GET /sync/{resource}` (docs/api-sync.md). */
export type SyncResource = 'products' | 'categories' | 'customers';
export const syncResources: readonly SyncResource[] = ['categories', 'products', 'customers'];

/** One resource's progress: the last version received and when a pull last completed. */
export interface SyncStateRow {
  resource: SyncResource;
  /** The `cursor` of the last page stored; the next pull asks for `after=cursor`. */
  cursor: number;
  /** Epoch milliseconds of the last pull that reached `more: false`; null before the first. */
  lastSyncAt: number | null;
}

/** The rows of the local tables an optimistic change may touch (and a rollback restore). */
export interface LocalRows {
  products: Product;
  categories: Category;
  customers: Customer;
  invoices: LocalInvoice;
  shifts: LocalShift;
  shiftEntries: ShiftEntry;
}

export type DataTableName = keyof LocalRows;

/**
 * What a row was before a command's local change and what the change made it (null: absent).
 * Rolling back puts `before` back, but only while the row is still `after`: a later change to
 * the same row is not silently thrown away (the cashier is told the rollback was partial).
 */
export interface UndoStep {
  table: DataTableName;
  key: string;
  before: unknown;
  after: unknown;
}

/**
 * `pending`: not yet accepted by the server: waiting to be sent (after a failed attempt, until
 * `nextAttemptAt`), or out with a request (after a reload it is simply sent again, same key);
 * `rejected`: the server refused it (a 4xx); kept so the cashier sees why, until dismissed.
 *
 * Earlier versions also stored `sending` while a request was out; such a row is unsent like a
 * pending one (everything not rejected is).
 */
export type CommandState = 'pending' | 'sending' | 'rejected';

/** What a caller asks to send: the action and a name for it (shown when it is rejected). */
export interface NewCommand {
  /** What the cashier did, e.g. "addLine", "payCash", "createCustomer" (status/command-labels.ts). */
  kind: string;
  /**
   * What it asks of the server (till-actions.ts); or a `DeferredAction`, called once the local
   * change has run (inside the same transaction), for a command that carries the state its
   * change wrote.
   */
  action: TillAction | DeferredAction;
}

/** An action computed after the local change (outbox.ts `enqueue` stores what it answers). */
export type DeferredAction = () => TillAction;

export interface OutboxCommand extends NewCommand {
  /** Stored as computed: never deferred. */
  action: TillAction;
  /** A UUID, sent as the `Idempotency-Key` on every attempt: it never changes. */
  id: string;
  /** The queue order (auto-increment): commands are sent strictly by it. */
  seq?: number;
  /** Epoch milliseconds. */
  createdAt: number;
  state: CommandState;
  /** How many requests were sent for it so far. */
  attempts: number;
  /** Epoch milliseconds before which it is not sent again (0: now). */
  nextAttemptAt: number;
  /** Why the last attempt failed, or why it was rejected (the server's message). */
  lastError?: string;
  /** The HTTP status of the last failed attempt (0: the server could not be reached). */
  lastStatus?: number;
  /** Epoch milliseconds of the rejection (state `rejected` only). */
  rejectedAt?: number;
  /** Rows its rollback left alone because a later change had moved them (`rejected` only). */
  rollbackConflicts?: number;
  undo: UndoStep[];
}

/** A command whose `seq` has been allocated (every stored one). */
export type StoredCommand = OutboxCommand & { seq: number };
