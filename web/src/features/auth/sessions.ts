/**
 * What each kind of session means to the till: where its login is, and which auth slices it
 * fills and empties. The rules in one table, so the guard, the login pages and logout agree.
 */
import { paths } from '../../config/paths';
import { useAuthStore, withStockGrants } from '../../stores/auth-store';
import { resetClientStores } from '../../stores/client-stores';
import { ApiError, errorMessage } from '../../lib/api-client';
import { messages } from '../../config/messages';
import { countUnsyncedCommands } from '@/features/offline';
import { logoutSession, type SessionArea, type SessionData } from './api/auth-api';

export const loginPaths: Record<SessionArea, string> = {
  shop: paths.shopLogin,
  admin: paths.adminLogin,
  staff: paths.staffLogin,
  'super-admin': paths.superAdminLogin,
};

/**
 * Stores what the server said about a live session. Admin and staff share one session on the
 * till (the server's `pos_user` cookie), so signing one in signs the other out.
 */
export function rememberSession<A extends SessionArea>(area: A, data: SessionData[A]): void {
  const store = useAuthStore.getState();
  switch (area) {
    case 'shop':
      store.setShop(data as SessionData['shop']);
      break;
    case 'admin':
      store.clearStaff();
      store.setAdmin(withStockGrants(data as SessionData['admin']));
      break;
    case 'staff':
      store.clearAdmin();
      store.setStaff(withStockGrants(data as SessionData['staff']));
      break;
    case 'super-admin':
      store.setSuperAdmin(data as SessionData['super-admin']);
      break;
  }
}

/** A failed session check or a failed super admin login: clear that session. */
export function forgetSession(area: SessionArea): void {
  const store = useAuthStore.getState();
  const clear = { shop: store.clearShop, admin: store.clearAdmin, staff: store.clearStaff, 'super-admin': store.clearSuperAdmin };
  clear[area]();
}

/**
 * After a logout: the server ends the shop's session together with the till's user session,
 * and a user logout ends the one session admin and staff share.
 */
export function endSession(area: SessionArea): void {
  const store = useAuthStore.getState();
  if (area === 'super-admin') {
    store.clearSuperAdmin();
    return;
  }
  store.clearAdminAndStaff();
  if (area === 'shop') store.clearShop();
}

export type SignOutResult = { ok: true } | { ok: false; message: string };

/** Why a till refuses to sign out (docs/offline.md): what is waiting, and what to do about it. */
export function unsyncedLogoutMessage(count: number): string {
  return count === 1
    ? '1 change is not synced yet: connect to the network and wait for it to be sent before signing out'
    : `${count} changes are not synced yet: connect to the network and wait for them to be sent before signing out`;
}

export interface SignOutOptions {
  /** The shop's commands the server has not received; the shop's outbox by default. */
  countUnsynced?: (shopId: string) => Promise<number>;
}

/**
 * The logout: the server call, then the auth session and the other client stores are
 * reset. A 401 means the session had already ended (expired, or closed on another tab), which
 * is the outcome logout wanted, so the till is cleaned up all the same.
 *
 * A shop, admin or staff logout is refused, with nothing signed out, while the shop's
 * outbox holds commands the server has not received: the next person could not send them, and
 * a sale must never be lost. (The super admin has no till queue.)
 */
export async function signOut(area: SessionArea, options: SignOutOptions = {}): Promise<SignOutResult> {
  const shopId = useAuthStore.getState().shopData?._id;
  if (area !== 'super-admin' && shopId) {
    const unsynced = await (options.countUnsynced ?? countUnsyncedCommands)(shopId);
    if (unsynced > 0) return { ok: false, message: unsyncedLogoutMessage(unsynced) };
  }
  try {
    await logoutSession(area);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      return { ok: false, message: errorMessage(error, messages.logoutFailed) };
    }
  }
  endSession(area);
  resetClientStores();
  return { ok: true };
}
