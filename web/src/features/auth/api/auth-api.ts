/**
 * The identity calls of docs/api-identity.md: session checks, login and logout, password
 * reset. Each names its fallback message.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { Shop, User } from '@/stores/auth-store';

/** The four kinds of session a till can hold, named as the server's paths name them. */
export type SessionArea = 'shop' | 'admin' | 'staff' | 'super-admin';

/** What a session check (and the matching login) answers with. */
export interface SessionData {
  shop: Shop;
  admin: User;
  staff: User;
  'super-admin': User;
}

const checkPaths: Record<SessionArea, string> = {
  shop: '/shop/check-login',
  admin: '/admin/check-logged',
  staff: '/staff/check-logged',
  'super-admin': '/super-admin/check-logged',
};

const logoutPaths: Record<SessionArea, string> = {
  shop: '/shop/logout',
  admin: '/admin/logout',
  staff: '/staff/logout',
  'super-admin': '/super-admin/logout',
};

/** Asks the server whether this area's session is alive; fails when it is not (or cannot tell). */
export function checkSession<A extends SessionArea>(area: A, signal?: AbortSignal): Promise<SessionData[A]> {
  return api.get<SessionData[A]>(checkPaths[area], { fallbackMessage: messages.signInNeeded, signal });
}

export function logoutSession(area: SessionArea): Promise<null> {
  return api.post<null>(logoutPaths[area], undefined, { fallbackMessage: messages.logoutFailed });
}

export const shopLogin = (body: { email: string; password: string }) =>
  api.post<Shop>('/shop/login', body, { fallbackMessage: messages.loginFailed });

export const adminLogin = (body: { phoneNumber: string; password: string }) =>
  api.post<User>('/admin/login', body, { fallbackMessage: messages.loginFailed });

export const staffLogin = (body: { staffId: string; password: string }) =>
  api.post<User>('/staff/login', body, { fallbackMessage: messages.loginFailed });

export const superAdminLogin = (body: { phoneNumber: string; password: string }) =>
  api.post<User>('/super-admin/login', body, { fallbackMessage: messages.superAdminLoginFailed });

/** Whose password the e-mailed link resets. */
export type ResetRole = 'admin' | 'super-admin';

export const sendResetLink = (body: { email: string; role: ResetRole }) =>
  api.post<unknown>('/password/reset-link', body, { fallbackMessage: messages.emailFailed });

export const resetPassword = (token: string, body: { password: string }) =>
  api.post<unknown>(`/password/reset/${encodeURIComponent(token)}`, body, {
    fallbackMessage: messages.passwordResetFailed,
  });
