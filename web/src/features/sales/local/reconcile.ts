/**
 * What the till keeps of the server's answer to one of its commands (the sync engine runs it
 * in the transaction that removes the command): for an invoice command, the server's id and
 * invoice number of the ref, in `invoiceNumbers`, and NOTHING else. The invoice rows stay as
 * the till wrote them, so a later command's undo data (which compares rows) is never upset.
 * An accepted payment also lets the oldest settled sales go (prune.ts).
 */
import type { TillDb } from '../../offline/local-db';
import type { StoredCommand } from '../../offline/types';
import { pruneSettledInvoices } from './prune';
import { INVOICE_PATH } from './till-requests';
import { PAYMENT_KINDS } from './redemption';


interface NumberedAnswer {
  _id: string | number;
  invoiceNumber: string;
}

function isNumbered(answer: unknown): answer is NumberedAnswer {
  if (answer === null || typeof answer !== 'object') return false;
  const { _id, invoiceNumber } = answer as Record<string, unknown>;
  return (typeof _id === 'string' || typeof _id === 'number') && typeof invoiceNumber === 'string' && invoiceNumber !== '';
}

export async function reconcileTillAnswer(command: StoredCommand, answer: unknown, db: TillDb): Promise<void> {
  const match = INVOICE_PATH.exec(command.path);
  if (!match?.[1] || !isNumbered(answer)) return;
  const ref = decodeURIComponent(match[1]);
  await db.invoiceNumbers.put({ ref, serverId: String(answer._id), invoiceNumber: answer.invoiceNumber });
  if (PAYMENT_KINDS.includes(command.kind)) await pruneSettledInvoices(db);
}
