/**
 * Money the till takes outside a sale (a store credit top-up, a gift card sold) goes into the
 * drawer when it is cash and the till has a shift open: it is sent naming the shift (the outbox
 * is sent first, so the server has the shift), and once the server has recorded it the shift's
 * local report counts it as the pay in the server made, keyed by the money's own ref so a resend
 * counts once. Swipe, or no till or no shift open here, names no shift.
 */
import type { ShiftEntry } from '@/features/offline';
import { moneyText } from '@/lib/decimal-text';
import { openShiftOf } from './shift-commands';
import { nowOf, type TillData } from './till-data';

export interface PayInShift<T> {
  /** The money's own ref: the shift's entry is keyed by it. */
  ref: string;
  amount: string;
  method: 'cash' | 'internal-device';
  /**
   * The pay in's reason, as the server writes it ("Gift card GC00017788 sold"), or how to read it
   * from the server's answer when only the answer says which it was (a card sold or loaded).
   */
  reason: string | ((answer: T) => string);
  /** Who took the money. */
  by: string;
}

export async function sendWithPayIn<T>(data: TillData | null, payIn: PayInShift<T>, send: (shiftRef?: string) => Promise<T>): Promise<T> {
  const shift = data && payIn.method === 'cash' ? await openShiftOf(data.db) : undefined;
  if (!data || !shift) return send();
  await data.engine.drain({ ignoreBackoff: true }).catch(() => undefined);
  const answer = await send(shift._id);
  const entry: ShiftEntry = {
    _id: payIn.ref, shiftRef: shift._id, at: nowOf(data), type: 'movement',
    movement: {
      kind: 'payIn',
      amount: moneyText(payIn.amount),
      reason: typeof payIn.reason === 'string' ? payIn.reason : payIn.reason(answer),
      by: payIn.by,
    },
  };
  // A shift closed meanwhile has had its count: the pay in is the server's to report.
  await data.db.transaction('rw', [data.db.shifts, data.db.shiftEntries], async () => {
    if ((await openShiftOf(data.db))?._id === shift._id) await data.db.shiftEntries.put(entry);
  });
  return answer;
}
