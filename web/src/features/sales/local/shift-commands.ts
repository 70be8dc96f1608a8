/**
 * The till's shift, local-first (docs/shifts.md, "The till"): opening it with a counted float,
 * paying cash in or out, and closing it with the cash counted are written here at once, offline
 * too, each with its outbox command (`PUT /till/shifts/{ref}`, `.../movements`, `.../close`),
 * sent exactly once by the sync engine. A sale joins the open shift in its payment's
 * transaction (`shiftForSale`); with none open, the sale opens one by itself (float 0, counted
 * at close), unless the shop requires opening one first.
 *
 * The X report (the open shift so far) and the Z report (the closed shift) are core's
 * `shiftReport` over the shift's entries: its sales, refunds and cash movements.
 */
import type { LocalShift, LocalTables, ShiftEntry, ShiftNumberRow, TillDb } from '@/features/offline';
import { closeBodyOf } from '@/features/offline';
import { shiftReport, type CashCount, type MovementKind, type ShiftInput, type ShiftRefund, type ShiftReport, type ShiftSale } from '@/lib/core';
import { moneyText } from '@/lib/decimal-text';
import { deviceCodeOf, nextProvisionalNumber } from './provisional-number';
import { nowOf, TillRefusal, type TillData } from './till-data';

export const OPEN_A_SHIFT = 'Open a shift before selling';
export const SHIFT_ALREADY_OPEN = 'This till already has an open shift: close it first';
export const NO_OPEN_SHIFT = 'This till has no open shift';

/** The till's open shift, if any (a till has at most one). */
export async function openShiftOf(db: TillDb): Promise<LocalShift | undefined> {
  return db.shifts.where('status').equals('open').first();
}

/** The most recently closed shift, for its Z report after closing. */
export async function lastClosedShift(db: TillDb): Promise<LocalShift | undefined> {
  const closed = await db.shifts.where('status').equals('closed').toArray();
  return closed.sort((a, b) => (b.closedAt ?? 0) - (a.closedAt ?? 0))[0];
}

/** Whether the shop requires a counted opening before selling (kept from the last online read). */
export async function requiresOpenShift(db: TillDb): Promise<boolean> {
  const row = await db.tillSettings.get('requireOpenShift');
  return row?.key === 'requireOpenShift' && row.value;
}

const deviceOf = (provisionalNumber: string) => provisionalNumber.split('-')[0] ?? '';

export interface OpeningInput {
  /** The float counted into the drawer, as typed (validated by the form with core). */
  openingFloat: string;
  openedBy: string;
}

/** Opens a shift with its counted float; refused while one is open. Answers the shift. */
export async function openShift(data: TillData, input: OpeningInput): Promise<LocalShift> {
  const ref = crypto.randomUUID();
  let opened: LocalShift | null = null;
  await data.engine.enqueue(
    {
      kind: 'openShift',
      action: () => ({
        type: 'openShift',
        shiftRef: ref,
        payload: { deviceCode: opened!.deviceCode, openingFloat: opened!.openingFloat, openedAt: opened!.openedAt, provisionalNumber: opened!.provisionalNumber },
      }),
    },
    async (tables) => {
      if (await openShiftOf(data.db)) throw new TillRefusal(SHIFT_ALREADY_OPEN);
      const provisionalNumber = await nextProvisionalNumber(data.db);
      opened = {
        _id: ref,
        deviceCode: deviceOf(provisionalNumber),
        provisionalNumber,
        status: 'open',
        autoOpened: false,
        openingFloat: moneyText(input.openingFloat),
        openedAt: nowOf(data),
        openedBy: input.openedBy,
        closedAt: null,
        closedBy: '',
        counted: null,
      };
      await tables.put('shifts', opened);
    },
  );
  return opened!;
}

export interface MovementInput {
  kind: MovementKind;
  amount: string;
  reason: string;
  by: string;
}

/** Records cash paid into or out of the drawer in the open shift `shiftRef`. */
export async function moveCash(data: TillData, shiftRef: string, input: MovementInput): Promise<void> {
  const ref = crypto.randomUUID();
  const at = nowOf(data);
  const amount = moneyText(input.amount);
  const reason = input.reason.trim();
  await data.engine.enqueue(
    { kind: input.kind, action: { type: 'moveCash', shiftRef, payload: { ref, kind: input.kind, amount, reason, at } } },
    async (tables) => {
      await openShiftNamed(tables, shiftRef);
      const entry: ShiftEntry = { _id: ref, shiftRef, at, type: 'movement', movement: { kind: input.kind, amount, reason, by: input.by } };
      await tables.put('shiftEntries', entry);
    },
  );
}

export interface CloseInput {
  counted: CashCount;
  closedBy: string;
}

/** Closes the open shift `shiftRef` with the cash counted; answers the closed shift. */
export async function closeShift(data: TillData, shiftRef: string, input: CloseInput): Promise<LocalShift> {
  const closedAt = nowOf(data);
  let closed: LocalShift | null = null;
  await data.engine.enqueue(
    { kind: 'closeShift', action: { type: 'closeShift', shiftRef, payload: closeBodyOf(closedAt, input.counted) } },
    async (tables) => {
      const shift = await openShiftNamed(tables, shiftRef);
      closed = { ...shift, status: 'closed', closedAt, closedBy: input.closedBy, counted: input.counted };
      await tables.put('shifts', closed);
    },
  );
  return closed!;
}

async function openShiftNamed(tables: LocalTables, shiftRef: string): Promise<LocalShift> {
  const shift = await tables.get('shifts', shiftRef);
  if (!shift || shift.status !== 'open') throw new TillRefusal(NO_OPEN_SHIFT);
  return shift;
}

export interface SaleInShift {
  invoiceRef: string;
  at: number;
  sale: ShiftSale;
  seller: string;
}

/**
 * Inside a payment's change: the open shift's ref, with the sale entered in it. With none open,
 * one opened by the sale itself (float 0; its first command is that sale's payment, which opens
 * it on the server under the same ref), unless the shop requires opening one: then nothing is
 * written and the cashier reads why.
 */
export async function shiftForSale(db: TillDb, tables: LocalTables, sale: SaleInShift): Promise<string> {
  let shift = await openShiftOf(db);
  if (!shift) {
    if (await requiresOpenShift(db)) throw new TillRefusal(OPEN_A_SHIFT);
    shift = {
      _id: crypto.randomUUID(),
      deviceCode: await deviceCodeOf(db),
      provisionalNumber: '',
      status: 'open',
      autoOpened: true,
      openingFloat: '0.00',
      openedAt: sale.at,
      openedBy: sale.seller,
      closedAt: null,
      closedBy: '',
      counted: null,
    };
    await tables.put('shifts', shift);
  }
  await tables.put('shiftEntries', { _id: sale.invoiceRef, shiftRef: shift._id, at: sale.at, type: 'sale', sale: sale.sale });
  return shift._id;
}

/** What core reads for the shift's report: its float, sales, refunds, movements and count. */
export async function shiftInput(db: TillDb, shift: LocalShift): Promise<ShiftInput> {
  const entries = await db.shiftEntries.where('shiftRef').equals(shift._id).sortBy('at');
  const input: Required<Omit<ShiftInput, 'counted'>> & Pick<ShiftInput, 'counted'> = {
    openingFloat: shift.openingFloat,
    sales: [],
    refunds: [],
    movements: [],
    counted: shift.counted,
  };
  for (const entry of entries) {
    if (entry.type === 'sale') input.sales.push(entry.sale);
    else if (entry.type === 'refund') input.refunds.push(entry.refund);
    else input.movements.push({ kind: entry.movement.kind, amount: entry.movement.amount, reason: entry.movement.reason });
  }
  return input;
}

/** The shift's report by core: X while open, Z once closed. */
export async function reportOf(db: TillDb, shift: LocalShift): Promise<ShiftReport> {
  return shiftReport(await shiftInput(db, shift));
}

/** The movements of a shift, oldest first, for its report's list. */
export async function movementsOf(db: TillDb, shiftRef: string) {
  const entries = await db.shiftEntries.where('shiftRef').equals(shiftRef).sortBy('at');
  return entries.flatMap((entry) => (entry.type === 'movement' ? [{ ...entry.movement, at: entry.at, ref: entry._id }] : []));
}

/**
 * A refund the server has made (refunds are online) entered in this till's open shift, so its
 * report counts it as the server does. Answers whether a shift took it.
 */
export async function recordRefundInShift(db: TillDb, made: { ref: string; at: number; refund: ShiftRefund }) {
  return db.transaction('rw', [db.shifts, db.shiftEntries], async () => {
    const shift = await openShiftOf(db);
    if (!shift) return false;
    const entry: ShiftEntry = { _id: made.ref, shiftRef: shift._id, at: made.at, type: 'refund', refund: made.refund };
    await db.shiftEntries.put(entry);
    return true;
  });
}

/** Closed shifts the till keeps (their Z reports to reprint); older ones go with their entries. */
export const CLOSED_SHIFTS_KEPT = 20;

/** Call inside a transaction covering `shifts`, `shiftEntries` and `shiftNumbers`. */
export async function pruneClosedShifts(db: TillDb, keep = CLOSED_SHIFTS_KEPT): Promise<number> {
  const closed = await db.shifts.where('status').equals('closed').toArray();
  const old = closed.sort((a, b) => (b.closedAt ?? 0) - (a.closedAt ?? 0)).slice(keep).map((shift) => shift._id);
  if (old.length === 0) return 0;
  await db.shiftEntries.where('shiftRef').anyOf(old).delete();
  await db.shifts.bulkDelete(old);
  await db.shiftNumbers.bulkDelete(old);
  return old.length;
}

/** The server's open shift of this device, as the till reads it online. */
export interface ServerShift {
  ref: string;
  serverId: string;
  number: string;
  deviceCode: string;
  provisionalNumber: string;
  autoOpened: boolean;
  openingFloat: string;
  openedAt: number;
  openedBy: string;
}

/**
 * What the till learns online of its shift: the shop's rule, and the device's open shift on the
 * server. A shift the till does not hold (opened by a sale synced from an older version, or
 * before this device's data was cleared) becomes the till's open shift, so its next sales, cash
 * movements and close go to it; a till with its own open shift keeps it.
 */
export async function takeServerShift(db: TillDb, requireOpenShift: boolean, server: ServerShift | null): Promise<void> {
  await db.transaction('rw', [db.shifts, db.shiftNumbers, db.tillSettings], async () => {
    await db.tillSettings.put({ key: 'requireOpenShift', value: requireOpenShift });
    if (!server) return;
    await db.shiftNumbers.put({ ref: server.ref, serverId: server.serverId, number: server.number });
    if (await openShiftOf(db)) return;
    const known = await db.shifts.get(server.ref);
    // Closed here, its close not yet sent: the server's "open" is out of date.
    if (known) return;
    await db.shifts.put({
      _id: server.ref,
      deviceCode: server.deviceCode,
      provisionalNumber: server.provisionalNumber,
      status: 'open',
      autoOpened: server.autoOpened,
      openingFloat: server.openingFloat,
      openedAt: server.openedAt,
      openedBy: server.openedBy,
      closedAt: null,
      closedBy: '',
      counted: null,
    });
  });
}

/** The number to show for a shift: the server's `SH-000007`, else its provisional number. */
export function shiftLabel(shift: LocalShift, number: ShiftNumberRow | undefined): string {
  if (number) return number.number;
  return shift.provisionalNumber ? `Provisional ${shift.provisionalNumber}` : 'New shift';
}
