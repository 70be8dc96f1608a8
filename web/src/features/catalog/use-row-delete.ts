import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

interface RowDeleteOptions<Row> {
  remove: (row: Row) => Promise<unknown>;
  /** Takes the row out of the table once the server has deleted it. */
  onRemoved: (row: Row) => void;
  successMessage: string;
  failureFallback: string;
}

/**
 * A table's delete after SPEC's confirmation: `ask` opens the question for a row, `confirm`
 * sends it; the server's refusal (e.g. a category still in use) is the error toast and the row
 * stays.
 */
export function useRowDelete<Row>({ remove, onRemoved, successMessage, failureFallback }: RowDeleteOptions<Row>) {
  const [asked, setAsked] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (asked === null || busy) return;
    setBusy(true);
    try {
      await remove(asked);
      onRemoved(asked);
      notify.success(successMessage);
    } catch (error) {
      notify.error(errorMessage(error, failureFallback));
    } finally {
      setBusy(false);
      setAsked(null);
    }
  }

  return { asked, busy, ask: setAsked, cancel: () => setAsked(null), confirm };
}
