import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../config/messages';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useAuthStore, type AuthStore } from '../../stores/auth-store';
import { checkSession, type SessionArea } from './api/auth-api';
import { forgetSession, loginPaths, rememberSession } from './sessions';
import './session-guard.css';

interface SessionGuardProps {
  area: SessionArea;
  children: ReactNode;
}

const sessionOf: Record<SessionArea, (state: AuthStore) => unknown> = {
  shop: (state) => state.shopData,
  admin: (state) => state.adminData,
  staff: (state) => state.staffData,
  'super-admin': (state) => state.superAdminData,
};

/** While the server cannot be reached, the check is asked again this often (and when the network returns). */
export const OFFLINE_RECHECK_MS = 30_000;

/**
 * Entering an area asks the server whether its session is alive. On
 * success the fresh data (permissions included) replaces the stored one; when the server says
 * no (401, 403, a missing route) the user is treated as signed out: the server's message is
 * toasted, that session is cleared and the user lands on the area's login.
 *
 * A till keeps selling through an outage, reload included. When the check gets no
 * answer from the server (no network, or a proxy saying the server is down) and this till
 * remembers the session (auth-store keeps it in localStorage), the area stays open and the check
 * is asked again when the network returns (and every OFFLINE_RECHECK_MS); the server's verdict
 * then decides. With no remembered session there is nothing to show: the login, as before.
 *
 * Right after a login the store already holds the session, so the area shows at once while the
 * check confirms it; on a reload without a remembered session a short "checking" status shows.
 */
export function SessionGuard({ area, children }: SessionGuardProps) {
  const navigate = useNavigate();
  const known = useAuthStore((state) => sessionOf[area](state) !== null);
  const [verifiedArea, setVerifiedArea] = useState<SessionArea | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = () => {
      window.removeEventListener('online', check);
      clearTimeout(retryTimer);
    };
    function check() {
      stopWaiting();
      checkSession(area, controller.signal).then(
        (data) => {
          rememberSession(area, data);
          setVerifiedArea(area);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (serverUnreachable(error) && sessionOf[area](useAuthStore.getState()) !== null) {
            window.addEventListener('online', check);
            retryTimer = setTimeout(check, OFFLINE_RECHECK_MS);
            return;
          }
          notify.error(errorMessage(error, messages.signInNeeded));
          forgetSession(area);
          navigate(loginPaths[area], { replace: true });
        },
      );
    }
    check();
    return () => {
      controller.abort();
      stopWaiting();
    };
  }, [area, navigate]);

  if (verifiedArea === area || known) return children;
  return (
    <div className="session-check" role="status">
      <span className="session-check__spinner" aria-hidden="true" />
      Checking your sign-in…
    </div>
  );
}

/** No verdict from the server itself: no answer at all, or a gateway saying it is down. */
function serverUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}
