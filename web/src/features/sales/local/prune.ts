/**
 * The till keeps its recent sales (receipts to reprint, offline too) but not every sale ever:
 * once more than `keep` paid or refunded invoices are held, the oldest go, with their numbers.
 * An invoice any outbox command still names (unsent, or rejected and waiting for the cashier,
 * whose rollback needs the row) is never removed.
 */
import { invoiceRefOf, type TillDb } from '@/features/offline';

export const RECENT_SALES_KEPT = 500;
/**
 * How far past `keep` the count may go before a prune runs: counting is an index walk, reading
 * the sales is not, and a queue of 1,000 sales syncing must not read them all on every payment.
 */
export const PRUNE_SLACK = 100;

/** Call inside a transaction covering `invoices`, `invoiceNumbers` and `outbox`. Answers how many went. */
export async function pruneSettledInvoices(db: TillDb, keep = RECENT_SALES_KEPT, slack = PRUNE_SLACK): Promise<number> {
  // Two index counts: IndexedDB answers each from the index, where a count of "paid or
  // refunded" would walk it (and this runs for every accepted payment).
  const settledCount = (await db.invoices.where('status').equals('paid').count()) + (await db.invoices.where('status').equals('refunded').count());
  if (settledCount <= keep + slack) return 0;
  const settled = await db.invoices.where('status').anyOf('paid', 'refunded').toArray();
  const named = new Set<string>();
  await db.outbox.each((command) => {
    const ref = invoiceRefOf(command.action);
    if (ref) named.add(ref);
  });
  const oldest = settled.sort((a, b) => b.updatedAt - a.updatedAt).slice(keep);
  const refs = oldest.map((invoice) => invoice.ref).filter((ref) => !named.has(ref));
  await db.invoices.bulkDelete(refs);
  await db.invoiceNumbers.bulkDelete(refs);
  return refs.length;
}
