/**
 * Spending a customer's store credit at the till, offline too: what core's `tenderPlan` bounds a
 * store-credit part by is the customer's last known balance (the local customers table, as the
 * customer sync sends it; absent means none) and the store credit this device's paid but unsent
 * sales took from them, which the server's ledger does not show yet. The till never edits the
 * customer's row: the balance moves only on the server, and comes back with the next sync.
 */
import type { StoredCommand, TillDb } from '@/features/offline';
import type { StoreCredit } from '@/lib/core';
import { canonicalDecimal, isPositive } from '@/lib/decimal-text';
import type { InvoiceCustomer } from '@/types/invoice';

const isUnsentPayment = (command: StoredCommand) => command.state !== 'rejected' && command.action.type === 'payInvoice';

/** The store-credit parts of this device's unsent payments for the customer, as handed over. */
export async function heldStoreCredit(db: TillDb, customerId: string): Promise<string[]> {
  const payments = await db.outbox.filter(isUnsentPayment).toArray();
  return payments.flatMap(({ action }) => {
    if (action.type !== 'payInvoice' || action.payload.invoice.customerId !== customerId) return [];
    return (action.payload.tenders ?? []).filter((tender) => tender.method === 'store-credit').map((tender) => tender.amount);
  });
}

/**
 * The sale's customer's store credit for core, or null when the sale cannot take any: no
 * customer, the walk-in customer, or a customer the server has sent no credit for.
 */
export async function storeCreditFor(db: TillDb, customer: InvoiceCustomer | null): Promise<StoreCredit | null> {
  if (!customer || customer.walkIn) return null;
  const row = await db.customers.get(customer._id);
  if (!row || row.walkIn || row.storeCredit === undefined || !isPositive(row.storeCredit)) return null;
  return { balance: canonicalDecimal(row.storeCredit), held: await heldStoreCredit(db, customer._id) };
}
