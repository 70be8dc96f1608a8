/**
 * The one way the till changes an open invoice: read it, change it, re-price it with the core,
 * write it, and queue its `saveInvoice` carrying the state written, all in the
 * outbox's single transaction (a refusal thrown on the way writes and queues nothing).
 */
import type { LocalTables, LocalInvoice, StoredCommand } from '@/features/offline';
import { priceInvoice } from './invoice-pricing';
import { shownNumber } from './provisional-number';
import { invoiceBody } from './till-requests';
import { nowOf, TillRefusal, type TillData } from './till-data';

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** Thrown by a change that leaves the invoice as it is: nothing is written or sent. */
export class Unchanged extends Error {
  override name = 'Unchanged';
  readonly invoice: LocalInvoice;
  constructor(invoice: LocalInvoice) {
    super('Nothing changed');
    this.invoice = invoice;
  }
}

export const isOpen = (invoice: Pick<LocalInvoice, 'status'>) => invoice.status === 'active' || invoice.status === 'saved';

/** The open invoice `ref`, or the refusal the server would give for it. */
export async function openInvoice(tables: LocalTables, ref: string): Promise<LocalInvoice> {
  const invoice = await tables.get('invoices', ref);
  if (!invoice) throw new TillRefusal(INVOICE_NOT_FOUND);
  if (!isOpen(invoice)) throw new TillRefusal(`Invoice ${shownNumber(invoice)} is paid and can no longer change`);
  return invoice;
}

export type InvoiceEdit = (invoice: LocalInvoice, tables: LocalTables) => LocalInvoice | Promise<LocalInvoice>;

export interface ChangeResult {
  invoice: LocalInvoice;
  /** The queued command; null when the change left the invoice as it was. */
  command: StoredCommand | null;
}

/** Applies `edit` to the open invoice `ref` and queues the command `kind` with its new state. */
export async function changeInvoice(data: TillData, kind: string, ref: string, edit: InvoiceEdit): Promise<ChangeResult> {
  let written: LocalInvoice | null = null;
  try {
    const command = await data.engine.enqueue(
      { kind, action: () => ({ type: 'saveInvoice', invoiceRef: ref, payload: invoiceBody(written!) }) },
      async (tables) => {
        const invoice = await openInvoice(tables, ref);
        const edited = await edit(invoice, tables);
        const next: LocalInvoice = { ...priceInvoice(edited), updatedAt: nowOf(data), origin: 'till' };
        written = next;
        await tables.put('invoices', next);
      },
    );
    return { invoice: written!, command };
  } catch (error) {
    if (error instanceof Unchanged) return { invoice: error.invoice, command: null };
    throw error;
  }
}
