/**
 * The open orders the server knows (saved on another till, or before this device had a local
 * database), cached as `origin: 'server'` rows so the list and the orders open offline too.
 * The till's own unsynced rows win: a ref with commands still in the outbox is left as the till
 * has it. A saved row of no pending command that the server no longer lists was paid or deleted
 * elsewhere, and goes.
 */
import { listOpenOrders } from '../api/invoices';
import { invoiceRefOf, type TillDb, type LocalInvoice } from '@/features/offline';
import type { Invoice } from '@/types/invoice';

/** The server's invoice answer, which carries its client ref and provisional number. */
export type ServerInvoice = Invoice & { ref?: string; provisionalNumber?: string };

export function fromServer(invoice: ServerInvoice): LocalInvoice | null {
  if (!invoice.ref) return null;
  return {
    ...invoice,
    _id: invoice.ref,
    ref: invoice.ref,
    provisionalNumber: invoice.provisionalNumber ?? '',
    serverId: invoice._id,
    origin: 'server',
  };
}

async function refsWithUnsentCommands(db: TillDb): Promise<(ref: string) => boolean> {
  const unsent = await db.outbox.filter((command) => command.state !== 'rejected').toArray();
  const refs = new Set(unsent.map((command) => invoiceRefOf(command.action)));
  return (ref) => refs.has(ref);
}

/** Stores the server's list of open orders (see above); answers how many rows it wrote. */
export async function cacheOpenOrders(db: TillDb, orders: readonly ServerInvoice[]): Promise<number> {
  const rows = orders.map(fromServer).filter((row): row is LocalInvoice => row !== null);
  return db.transaction('rw', [db.invoices, db.outbox], async () => {
    const pending = await refsWithUnsentCommands(db);
    const listed = new Set(rows.map((row) => row.ref));
    const gone = await db.invoices
      .where('status')
      .equals('saved')
      .filter((row) => !listed.has(row.ref) && !pending(row.ref))
      .primaryKeys();
    await db.invoices.bulkDelete(gone);
    const fresh = rows.filter((row) => !pending(row.ref));
    await db.invoices.bulkPut(fresh);
    return fresh.length;
  });
}

/** Fetches the server's open orders and caches them; throws what the fetch threw. */
export async function refreshOpenOrders(db: TillDb, signal?: AbortSignal): Promise<void> {
  const orders = await listOpenOrders(signal);
  if (signal?.aborted || !Array.isArray(orders)) return;
  await cacheOpenOrders(db, orders as ServerInvoice[]);
}
