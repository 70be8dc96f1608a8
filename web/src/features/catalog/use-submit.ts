import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/**
 * Sending one catalogue form: one request at a time, toasts (the server's message
 * preferred on failure, e.g. its 400 for a value the form let through), and the failure kept for
 * the form to show. Unlike the staff and shop forms, a failure here leaves the session alone
 * (the staff session is cleared only for failed staff and shop creations).
 */
export function useSubmit(successMessage: string, failureFallback: string) {
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  async function send<Result>(request: () => Promise<Result>): Promise<Result | null> {
    setPending(true);
    setFailure('');
    try {
      const result = await request();
      notify.success(successMessage);
      return result;
    } catch (error) {
      const message = errorMessage(error, failureFallback);
      setFailure(message);
      notify.error(message);
      return null;
    } finally {
      setPending(false);
    }
  }

  return { failure, setFailure, pending, send };
}
