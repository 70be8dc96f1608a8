import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import type { SessionArea } from './api/auth-api';
import { signOut } from './sessions';

/**
 * The logout for a button: the server call, the store resets, "Logout success" and
 * the landing page; or the server's message (else "Failed to logout") and nothing changes.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logout = useCallback(
    async (area: SessionArea) => {
      setPending(true);
      const result = await signOut(area);
      setPending(false);
      if (!result.ok) {
        notify.error(result.message);
        return;
      }
      notify.success(messages.logoutSuccess);
      navigate(paths.welcome);
    },
    [navigate],
  );

  return { logout, pending };
}
