/**
 * A card payment is the server's (Stripe confirms it there, never through the outbox). Once the
 * success page has the server's paid invoice, the till's own copy of it is marked paid too, so
 * the cart and the open orders stop offering it, and a pull brings the stock and points it moved.
 * The till's open shift counts the sale too, as the server's does.
 */
import type { ShiftSale } from '@/lib/core';
import type { Invoice } from '@/types/invoice';
import type { ShiftEntry, TillDb } from '@/features/offline';
import { getCurrentShift, serverShiftOf } from '../api/till-shifts';
import { openShiftOf, requiresOpenShift, takeServerShift } from './shift-commands';
import type { TillData } from './till-data';

/**
 * With no shift open here, the card sale was the device's first: the server opened a shift for
 * it, which the till takes as its open shift (online, as the card payment is), so the sale and
 * what follows count in it.
 */
async function takeShiftOpenedByCard(db: TillDb) {
  if (await openShiftOf(db)) return;
  const device = await db.device.get('device');
  if (!device) return;
  const current = await getCurrentShift(device.code).catch(() => null);
  if (current) await takeServerShift(db, await requiresOpenShift(db), serverShiftOf(current));
}

/**
 * How the shift counts the sale: by card alone, or when the card paid what parts taken at the
 * counter left, by the server's parts (the cash among them is in the drawer) and its cash rounding.
 */
function paidBy(paid: Invoice): Pick<ShiftSale, 'paymentMethod' | 'tenders' | 'rounding'> {
  const tenders = paid.tenders ?? [];
  if (new Set(tenders.map((tender) => tender.method)).size <= 1) return { paymentMethod: 'digital' };
  return { tenders: tenders.map(({ method, amount }) => ({ method, amount })), rounding: paid.rounding ?? '0' };
}

/**
 * The server put the card sale in this device's open shift (its invoice carries the device's
 * provisional number): the till's copy of that shift counts it too, for its X and Z reports.
 */
async function enterCardSale(db: TillDb, paid: Invoice) {
  const shift = await openShiftOf(db);
  if (!shift || !paid.ref) return;
  const sale: ShiftSale = {
    invoiceId: paid.ref, ...paidBy(paid), subTotal: paid.subTotal, totalDiscount: paid.totalDiscount,
    totalTax: paid.totalTax, redeemAmount: paid.redeemAmount, totalAmount: paid.totalAmount,
  };
  const entry: ShiftEntry = { _id: paid.ref, shiftRef: shift._id, at: paid.paidAt ?? Date.now(), type: 'sale', sale };
  await db.shiftEntries.put(entry);
}

/** Answers whether the till held the invoice (and now shows it paid). */
export async function recordCardPaid(data: TillData, paid: Invoice): Promise<boolean> {
  if (!paid.ref || paid.status !== 'paid') return false;
  const ref = paid.ref;
  const { db } = data;
  await takeShiftOpenedByCard(db);
  const changed = await db.transaction('rw', [db.invoices, db.shifts, db.shiftEntries], async () => {
    const local = await db.invoices.get(ref);
    if (!local || local.status === 'paid' || local.status === 'refunded') return false;
    await enterCardSale(db, paid);
    await db.invoices.put({
      ...local,
      status: 'paid',
      paidAt: paid.paidAt,
      paymentMethod: paid.paymentMethod,
      cardStatus: paid.cardStatus,
      updatedAt: paid.updatedAt,
      // The parts, when the card paid what they left, for the till's receipt and its refunds.
      ...(paid.tenders ? { tenders: paid.tenders } : {}),
      ...(paid.cashReceived !== undefined ? { cashReceived: paid.cashReceived } : {}),
      ...(paid.change !== undefined ? { change: paid.change } : {}),
      ...(paid.rounding !== undefined ? { rounding: paid.rounding } : {}),
    });
    return true;
  });
  void data.pullNow?.().catch(() => undefined);
  return changed;
}
