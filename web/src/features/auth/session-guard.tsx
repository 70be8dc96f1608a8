import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../config/messages';
import { errorMessage } from '../../lib/api-client';
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

/**
 * SPEC part 4 "Sessions": entering an area asks the server whether its session is alive. On
 * success the fresh data (permissions included) replaces the stored one; on any failure (401,
 * 403, a missing route, no server) the user is treated as signed out: the server's message is
 * toasted, that session is cleared and the user lands on the area's login.
 *
 * Right after a login the store already holds the session, so the area shows at once while the
 * check confirms it; on a reload the store is empty and a short "checking" status shows instead.
 */
export function SessionGuard({ area, children }: SessionGuardProps) {
  const navigate = useNavigate();
  const known = useAuthStore((state) => sessionOf[area](state) !== null);
  const [verifiedArea, setVerifiedArea] = useState<SessionArea | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    checkSession(area, controller.signal).then(
      (data) => {
        rememberSession(area, data);
        setVerifiedArea(area);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notify.error(errorMessage(error, messages.signInNeeded));
        forgetSession(area);
        navigate(loginPaths[area], { replace: true });
      },
    );
    return () => controller.abort();
  }, [area, navigate]);

  if (verifiedArea === area || known) return children;
  return (
    <div className="session-check" role="status">
      <span className="session-check__spinner" aria-hidden="true" />
      Checking your sign-in…
    </div>
  );
}
