/**
 * A refund made on a device whose till has a shift open leaves that shift's drawer: it is sent
 * naming the shift (the outbox is sent first, so the server has the shift), and the shift's
 * local report counts it once the server has made it. Without a till here, or with no shift
 * open, the server puts the refund in the web till's shift as before.
 */
import type { Invoice } from '@/types/invoice';
import { subtractDecimal } from '@/lib/decimal-text';
import { openShiftOf, recordRefundInShift } from '../local/shift-commands';
import type { TillData } from '../local/till-data';

export async function refundInShift(data: TillData | null, invoice: Invoice, send: (shiftRef?: string) => Promise<Invoice>): Promise<Invoice> {
  const shift = data ? await openShiftOf(data.db) : undefined;
  if (!data || !shift) return send();
  await data.engine.drain({ ignoreBackoff: true }).catch(() => undefined);
  const refunded = await send(shift._id);
  const amount = subtractDecimal(refunded.refundedAmount, invoice.refundedAmount);
  const paymentMethod = invoice.paymentMethod ?? 'cash';
  await recordRefundInShift(data.db, { ref: crypto.randomUUID(), invoiceId: invoice.ref ?? invoice._id, paymentMethod, amount, at: Date.now() });
  return refunded;
}
