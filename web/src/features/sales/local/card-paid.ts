/**
 * A card payment is the server's (Stripe confirms it there, never through the outbox). Once the
 * success page has the server's paid invoice, the till's own copy of it is marked paid too, so
 * the cart and the open orders stop offering it, and a pull brings the stock and points it moved.
 */
import type { Invoice } from '@/types/invoice';
import type { TillData } from './till-data';

/** Answers whether the till held the invoice (and now shows it paid). */
export async function recordCardPaid(data: TillData, paid: Invoice): Promise<boolean> {
  if (!paid.ref || paid.status !== 'paid') return false;
  const ref = paid.ref;
  const changed = await data.db.transaction('rw', data.db.invoices, async () => {
    const local = await data.db.invoices.get(ref);
    if (!local || local.status === 'paid' || local.status === 'refunded') return false;
    await data.db.invoices.put({
      ...local,
      status: 'paid',
      paidAt: paid.paidAt,
      paymentMethod: paid.paymentMethod,
      cardStatus: paid.cardStatus,
      updatedAt: paid.updatedAt,
    });
    return true;
  });
  void data.pullNow?.().catch(() => undefined);
  return changed;
}
