/**
 * A refund made on a device whose till has a shift open leaves that shift's drawer: it is sent
 * naming the shift (the outbox is sent first, so the server has the shift), and the shift's
 * local report counts it once the server has made it. Without a till here, or with no shift
 * open, the server puts the refund in the web till's shift as before.
 *
 * The refund goes back over the methods the sale was paid by as the server split it: what each
 * part's `refunded` grew by. An answer without parts (an older server) is the sale's one method.
 */
import type { Invoice } from '@/types/invoice';
import type { ShiftRefund } from '@/lib/core';
import { isPositive, subtractDecimal } from '@/lib/decimal-text';
import { openShiftOf, recordRefundInShift } from '../local/shift-commands';
import type { TillData } from '../local/till-data';

export async function refundInShift(data: TillData | null, invoice: Invoice, send: (shiftRef?: string) => Promise<Invoice>): Promise<Invoice> {
  const shift = data ? await openShiftOf(data.db) : undefined;
  if (!data || !shift) return send();
  await data.engine.drain({ ignoreBackoff: true }).catch(() => undefined);
  const refunded = await send(shift._id);
  const refund = shiftRefundOf(invoice, refunded);
  await recordRefundInShift(data.db, { ref: crypto.randomUUID(), at: Date.now(), refund });
  return refunded;
}

/** The refund as the shift counts it: by the parts it went back to, or by the sale's one method. */
export function shiftRefundOf(before: Invoice, after: Invoice): ShiftRefund {
  const invoiceId = before.ref ?? before._id;
  const amount = subtractDecimal(after.refundedAmount, before.refundedAmount);
  const earlier = before.tenders ?? [];
  const parts = (after.tenders ?? [])
    .map((tender, index) => ({ method: tender.method, amount: subtractDecimal(tender.refunded, earlier[index]?.refunded ?? '0') }))
    .filter((part) => isPositive(part.amount));
  const methods = new Set(parts.map((part) => part.method));
  if (methods.size > 1) return { invoiceId, tenders: parts, amount };
  return { invoiceId, paymentMethod: parts[0]?.method ?? before.paymentMethod ?? 'cash', amount };
}
