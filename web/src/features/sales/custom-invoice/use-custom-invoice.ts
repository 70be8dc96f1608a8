import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { createCustomInvoice, deleteCustomInvoice } from '../api/custom-invoices';
import type { Invoice } from '@/types/invoice';

/** The invoice could not be created, so the change that needed it was not sent. */
export class InvoiceNotCreated extends Error {}

/** What to tell the person when a change failed: the creation's reason, or the change's own. */
export function changeFailure(error: unknown, fallbackMessage: string): string {
  return error instanceof InvoiceNotCreated ? error.message : errorMessage(error, fallbackMessage);
}

async function create(): Promise<Invoice> {
  let created: Partial<Invoice> | null;
  try {
    created = await createCustomInvoice();
  } catch (error) {
    throw new InvoiceNotCreated(errorMessage(error, messages.customInvoiceCreateFailed));
  }
  if (!created?._id) throw new InvoiceNotCreated(messages.customInvoiceNoId);
  notify.success(messages.customInvoiceCreated);
  return created as Invoice;
}

/** Sends one change to the invoice (`id`) and answers the invoice as the server left it. */
export type InvoiceChange = (id: string) => Promise<Invoice>;

/**
 * The screen's custom invoice. Nothing is created when the screen opens: the invoice is
 * created by the first change saved on it (its customer's details, or a line), just before
 * that change is sent, so a visit that saves nothing leaves no numbered invoice behind.
 *
 * Changes run one after another in the order they were asked for, each after the one before
 * has been answered (the first one after the creation). A failed creation fails only the
 * change that needed it (with `InvoiceNotCreated`); the next change tries to create it again.
 * A failed change leaves the invoice as the server last answered it.
 *
 * Leaving the screen deletes an invoice that has no products (SPEC: an empty custom invoice
 * is not kept), once every change still on its way has been answered. React's development
 * double mount leaves and comes back at once: leaving is decided a tick later, so the return
 * cancels it.
 */
export function useCustomInvoice() {
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const latest = useRef<Invoice | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const shown = useRef(true);
  const leaving = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    shown.current = true;
    if (leaving.current !== null) {
      clearTimeout(leaving.current);
      leaving.current = null;
    }
    return () => {
      shown.current = false;
      leaving.current = setTimeout(() => {
        leaving.current = null;
        void queue.current.then(() => {
          const left = latest.current;
          if (left && left.products.length === 0) {
            latest.current = null;
            void discard(left._id);
          }
        });
      }, 0);
    };
  }, []);

  const keep = useCallback((next: Invoice) => {
    latest.current = next;
    if (shown.current) setInvoice(next);
  }, []);

  /** Runs `send` on the invoice, creating the invoice first when there is none yet. */
  const change = useCallback(
    (send: InvoiceChange): Promise<Invoice> => {
      const run = queue.current.then(async () => {
        let target = latest.current;
        if (!target) {
          target = await create();
          keep(target);
        }
        const updated = await send(target._id);
        keep(updated);
        return updated;
      });
      queue.current = run.catch(() => {});
      return run;
    },
    [keep],
  );

  return { invoice, change };
}

async function discard(id: string) {
  try {
    await deleteCustomInvoice(id);
    notify.success(messages.customInvoiceDeleted);
  } catch (error) {
    notify.error(errorMessage(error, messages.customInvoiceDeleteFailed));
  }
}
