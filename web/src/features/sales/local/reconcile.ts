/**
 * What the till keeps of the server's answers to its commands (the sync engine runs it in the
 * transaction that removes them, once per batch it stores): for each invoice command, the
 * server's id, invoice number and receipt number (once paid) of the ref, in `invoiceNumbers`,
 * and NOTHING else. The invoice
 * rows stay as the till wrote them, so a later command's undo data (which compares rows) is
 * never upset. An accepted payment also lets the oldest settled sales go (prune.ts).
 */
import { invoiceRefOf, type Reconcile, type InvoiceNumberRow } from '@/features/offline';
import { pruneSettledInvoices } from './prune';

interface NumberedAnswer {
  _id: string | number;
  invoiceNumber: string;
  receiptNumber?: unknown;
}

function isNumbered(answer: unknown): answer is NumberedAnswer {
  if (answer === null || typeof answer !== 'object') return false;
  const { _id, invoiceNumber } = answer as Record<string, unknown>;
  return (typeof _id === 'string' || typeof _id === 'number') && typeof invoiceNumber === 'string' && invoiceNumber !== '';
}

/**
 * One write per batch, whatever its size (a queue of offline sales is stored dozens of answers
 * at a time): the numbers in one `bulkPut`, and at most one prune.
 */
export const reconcileTillAnswers: Reconcile = async (accepted, db) => {
  const numbers: InvoiceNumberRow[] = [];
  let paid = false;
  for (const { command, answer } of accepted) {
    const ref = invoiceRefOf(command.action);
    if (!ref || !isNumbered(answer)) continue;
    const receiptNumber = typeof answer.receiptNumber === 'string' ? { receiptNumber: answer.receiptNumber } : {};
    numbers.push({ ref, serverId: String(answer._id), invoiceNumber: answer.invoiceNumber, ...receiptNumber });
    paid ||= command.action.type === 'payInvoice';
  }
  if (numbers.length > 0) await db.invoiceNumbers.bulkPut(numbers);
  if (paid) await pruneSettledInvoices(db);
};
