import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth-store';

/**
 * Sending a create form (shop, employee, staff): one request at a time, toasts (the
 * server's message preferred on failure), and its rule that a failed create also clears the staff
 * session. The page keeps its own checks and body; `send` answers whether it worked, so the page
 * can reset its fields.
 */
export function useCreateRequest<Created>(successMessage: string, failureFallback: string) {
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  async function send(request: () => Promise<Created>): Promise<boolean> {
    setPending(true);
    setFailure('');
    try {
      const result = await request();
      notify.success(successMessage);
      setCreated(result);
      return true;
    } catch (error) {
      const message = errorMessage(error, failureFallback);
      setFailure(message);
      notify.error(message);
      useAuthStore.getState().clearStaff();
      return false;
    } finally {
      setPending(false);
    }
  }

  return { failure, setFailure, pending, created, setCreated, send };
}
