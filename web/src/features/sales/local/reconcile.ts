/**
 * What the till keeps of the server's answers to its commands (the sync engine runs it in the
 * transaction that removes them, once per batch it stores): for each invoice command, the
 * server's id, invoice number and receipt number (once paid) of the ref, in `invoiceNumbers`;
 * for each shift opened or closed, the shift's server id and number, in `shiftNumbers`; and
 * NOTHING else. The invoice
 * rows stay as the till wrote them, so a later command's undo data (which compares rows) is
 * never upset. An accepted payment also lets the oldest settled sales go (prune.ts).
 */
import { invoiceRefOf, shiftRefOf, type Reconcile, type InvoiceNumberRow, type ShiftNumberRow } from '@/features/offline';
import { pruneSettledInvoices } from './prune';
import { pruneClosedShifts } from './shift-commands';

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
/** A `Shift` answer: its id and `SH-000007`. */
function shiftNumberOf(ref: string, answer: unknown): ShiftNumberRow | null {
  if (answer === null || typeof answer !== 'object') return null;
  const { _id, number } = answer as Record<string, unknown>;
  if ((typeof _id !== 'string' && typeof _id !== 'number') || typeof number !== 'string' || number === '') return null;
  return { ref, serverId: String(_id), number };
}

export const reconcileTillAnswers: Reconcile = async (accepted, db) => {
  const numbers: InvoiceNumberRow[] = [];
  const shiftNumbers: ShiftNumberRow[] = [];
  let paid = false;
  let closed = false;
  for (const { command, answer } of accepted) {
    const shiftRef = shiftRefOf(command.action);
    if (shiftRef && command.action.type !== 'moveCash') {
      const number = shiftNumberOf(shiftRef, answer);
      if (number) shiftNumbers.push(number);
      closed ||= command.action.type === 'closeShift';
    }
    const ref = invoiceRefOf(command.action);
    if (!ref || !isNumbered(answer)) continue;
    const receiptNumber = typeof answer.receiptNumber === 'string' ? { receiptNumber: answer.receiptNumber } : {};
    numbers.push({ ref, serverId: String(answer._id), invoiceNumber: answer.invoiceNumber, ...receiptNumber });
    paid ||= command.action.type === 'payInvoice';
  }
  if (numbers.length > 0) await db.invoiceNumbers.bulkPut(numbers);
  if (shiftNumbers.length > 0) await db.shiftNumbers.bulkPut(shiftNumbers);
  if (closed) await pruneClosedShifts(db);
  if (paid) await pruneSettledInvoices(db);
};
