/**
 * A cash top-up of a customer's store credit made on a device whose till has a shift open goes
 * into that shift's drawer: it is sent naming the shift (the outbox is sent first, so the server
 * has the shift), and once the server has recorded it the shift's local report counts it as the
 * pay in the server made ("Store credit for Aisha Ali"). A swipe top-up, or one made with no
 * till or no shift open here, names no shift. Either way the till then pulls the customers, so
 * its copy of the balance is the new one.
 */
import type { ShiftEntry } from '@/features/offline';
import { moneyText } from '@/lib/decimal-text';
import { openShiftOf } from './shift-commands';
import { nowOf, type TillData } from './till-data';

export interface TopUpInShift {
  /** The top-up's own ref: the shift's entry is keyed by it, so a resend counts once. */
  ref: string;
  amount: string;
  method: 'cash' | 'internal-device';
  customerName: string;
  /** Who took the money. */
  by: string;
}

export async function topUpInShift<T>(data: TillData | null, topUp: TopUpInShift, send: (shiftRef?: string) => Promise<T>): Promise<T> {
  const answer = await sendInShift(data, topUp, send);
  // The till's copy of the customer catches up now, so its payment dialog offers the new credit.
  void data?.pullNow?.().catch(() => undefined);
  return answer;
}

async function sendInShift<T>(data: TillData | null, topUp: TopUpInShift, send: (shiftRef?: string) => Promise<T>): Promise<T> {
  const shift = data && topUp.method === 'cash' ? await openShiftOf(data.db) : undefined;
  if (!data || !shift) return send();
  await data.engine.drain({ ignoreBackoff: true }).catch(() => undefined);
  const answer = await send(shift._id);
  const entry: ShiftEntry = {
    _id: topUp.ref, shiftRef: shift._id, at: nowOf(data), type: 'movement',
    movement: { kind: 'payIn', amount: moneyText(topUp.amount), reason: `Store credit for ${topUp.customerName}`, by: topUp.by },
  };
  // A shift closed meanwhile has had its count: the pay in is the server's to report.
  await data.db.transaction('rw', [data.db.shifts, data.db.shiftEntries], async () => {
    if ((await openShiftOf(data.db))?._id === shift._id) await data.db.shiftEntries.put(entry);
  });
  return answer;
}
