/**
 * A cash top-up of a customer's store credit made on a device whose till has a shift open goes
 * into that shift's drawer as a pay in ("Store credit for Aisha Ali"; pay-in-shift.ts). Either
 * way the till then pulls the customers, so its copy of the balance is the new one.
 */
import { sendWithPayIn } from './pay-in-shift';
import type { TillData } from './till-data';

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
  const { customerName, ...payIn } = topUp;
  const answer = await sendWithPayIn(data, { ...payIn, reason: `Store credit for ${customerName}` }, send);
  // The till's copy of the customer catches up now, so its payment dialog offers the new credit.
  void data?.pullNow?.().catch(() => undefined);
  return answer;
}
