/**
 * What the till's commands send (docs/api-till-sync.md; the actions and their requests are
 * features/offline/till-actions.ts): each carries the WHOLE open invoice as the till has it after
 * the change, so it can be repeated and the server never re-derives a line from its current
 * catalogue (the sale keeps the prices it was rung up at).
 */
import type { StateOfCommand, LocalInvoice, TillInvoiceBody } from '@/features/offline';
import { cartLineOf } from '@/types/invoice-wire';

/**
 * Which till commands carry an invoice's whole state (the sync engine leaves out a queued one a
 * later one replaces, features/offline/outbox-compaction.ts): every `saveInvoice` does and may be
 * replaced; a payment does (it creates the invoice when absent) but is always sent; a delete
 * carries none and nothing before it is replaced by anything after it.
 */
export const tillCommandState: StateOfCommand = ({ action }) => {
  switch (action.type) {
    case 'saveInvoice':
      return { key: action.invoiceRef, role: 'replaceable' };
    case 'payInvoice':
      return { key: action.invoiceRef, role: 'carries' };
    case 'deleteInvoice':
      return { key: action.invoiceRef, role: 'barrier' };
    default:
      return null;
  }
};

export function invoiceBody(invoice: LocalInvoice): TillInvoiceBody {
  if (!invoice.customer) throw new Error(`Invoice ${invoice.ref} has no customer`);
  if (invoice.status !== 'active' && invoice.status !== 'saved') throw new Error(`Invoice ${invoice.ref} is not open`);
  return {
    customerId: invoice.customer._id,
    status: invoice.status,
    provisionalNumber: invoice.provisionalNumber,
    createdAt: invoice.createdAt,
    redeemAmount: invoice.redeemAmount,
    lines: invoice.products.map(cartLineOf),
  };
}
