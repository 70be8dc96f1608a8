import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../config/messages';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { createCustomInvoice, deleteCustomInvoice } from '../api/custom-invoices';
import type { Invoice } from '../types';

export type CustomInvoiceState =
  | { status: 'creating' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; invoice: Invoice };

/** Creates the invoice; a failure (or an answer without `_id`) has been toasted and is thrown. */
async function create(): Promise<Invoice> {
  let created: Partial<Invoice> | null;
  try {
    created = await createCustomInvoice();
  } catch (error) {
    const message = errorMessage(error, messages.customInvoiceCreateFailed);
    notify.error(message);
    throw new Error(message);
  }
  if (!created?._id) {
    notify.error(messages.customInvoiceNoId);
    throw new Error(messages.customInvoiceNoId);
  }
  notify.success(messages.customInvoiceCreated);
  return created as Invoice;
}

/**
 * SPEC part 4's custom invoice: created when the screen opens, deleted when the screen is left
 * with no products on it. One invoice per visit even under React's development double mount:
 * the creation is kept in a ref, and leaving is decided a tick later, so a remount cancels it.
 * Leaving while the creation is still under way deletes what it creates.
 */
export function useCustomInvoice() {
  const [state, setState] = useState<CustomInvoiceState>({ status: 'creating' });
  const [attempt, setAttempt] = useState(0);
  const creation = useRef<{ attempt: number; invoice: Promise<Invoice> } | null>(null);
  const latest = useRef<Invoice | null>(null);
  const leaving = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (leaving.current !== null) {
      clearTimeout(leaving.current);
      leaving.current = null;
    }
    if (creation.current?.attempt !== attempt) {
      const invoice = create();
      invoice.catch(() => {});
      creation.current = { attempt, invoice };
    }
    let shown = true;
    creation.current.invoice.then(
      (invoice) => {
        if (!shown) return;
        latest.current = invoice;
        setState({ status: 'ready', invoice });
      },
      (error: unknown) => {
        if (shown) setState({ status: 'failed', message: error instanceof Error ? error.message : messages.customInvoiceCreateFailed });
      },
    );
    const thisCreation = creation.current.invoice;
    return () => {
      shown = false;
      leaving.current = setTimeout(() => {
        leaving.current = null;
        thisCreation.then((created) => {
          const invoice = latest.current ?? created;
          if (invoice.products.length === 0) void discard(invoice._id);
        }, () => {});
      }, 0);
    };
  }, [attempt]);

  /** Keeps what the server last answered, for the screen and for the leaving check. */
  const setInvoice = useCallback((invoice: Invoice) => {
    latest.current = invoice;
    setState({ status: 'ready', invoice });
  }, []);

  const retry = useCallback(() => {
    setState({ status: 'creating' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, setInvoice, retry };
}

async function discard(id: string) {
  try {
    await deleteCustomInvoice(id);
    notify.success(messages.customInvoiceDeleted);
  } catch (error) {
    notify.error(errorMessage(error, messages.customInvoiceDeleteFailed));
  }
}
