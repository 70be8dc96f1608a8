/**
 * Redeeming points at the till, offline too (docs/offline.md, "Rules while offline"): the limit is
 * the customer's last known balance (the local customers table) minus what this device's paid but
 * unsent sales redeemed for them, and at most the amount due (the core's `redeemLimit`, with its
 * message "You can redeem at most 40.00"). The balance itself moves only on the server.
 */
import { CoreError, redeemLimit } from '@/lib/core';
import type { TillDb, StoredCommand } from '@/features/offline';
import { changeInvoice, type ChangeResult } from './invoice-change';
import { compareDecimal, subtractDecimal, sumDecimal, thousandths } from '@/lib/decimal-text';
import { amountDue } from './invoice-pricing';
import { TillRefusal, type TillData } from './till-data';

export const REDEEM_AMOUNT_INVALID = 'Type the amount to redeem, e.g. 5 or 5.50';

const isUnsentPayment = (command: StoredCommand) => command.state !== 'rejected' && command.action.type === 'payInvoice';

/** What this device's unsent payments redeemed for the customer (their ledger does not show it yet). */
export async function pendingRedemptions(db: TillDb, customerId: string): Promise<string> {
  const payments = await db.outbox.filter(isUnsentPayment).toArray();
  const redeemed = payments
    .flatMap(({ action }) => (action.type === 'payInvoice' ? [action.payload.invoice] : []))
    .filter((invoice) => invoice.customerId === customerId)
    .map((invoice) => invoice.redeemAmount);
  return sumDecimal(redeemed);
}

/** The points the customer can still redeem here: last known balance minus pending, never below 0. */
export async function availablePoints(db: TillDb, customerId: string): Promise<string> {
  const customer = await db.customers.get(customerId);
  const left = subtractDecimal(customer?.loyalityPoint ?? 0, await pendingRedemptions(db, customerId));
  return compareDecimal(left, 0) < 0 ? '0' : left;
}

/** Sets (replaces) the invoice's redemption to `amount` as typed; 0 removes it. */
export function redeem(data: TillData, ref: string, amount: string): Promise<ChangeResult> {
  const requested = amount.trim();
  const scaled = thousandths(requested);
  if (scaled === null || scaled < 0n || scaled % 10n !== 0n) return Promise.reject(new TillRefusal(REDEEM_AMOUNT_INVALID));
  return changeInvoice(data, 'redeem', ref, async (invoice) => {
    const customerId = invoice.customer?._id;
    if (!customerId) throw new TillRefusal('Invoice has no customer');
    let accepted: string;
    try {
      accepted = redeemLimit({
        availablePoints: await availablePoints(data.db, customerId),
        amountDue: amountDue(invoice.products),
        requested,
      }).accepted;
    } catch (error) {
      if (error instanceof CoreError) throw new TillRefusal(error.message);
      throw error;
    }
    return { ...invoice, redeemAmount: accepted };
  });
}
