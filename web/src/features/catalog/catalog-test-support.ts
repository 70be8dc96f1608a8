/**
 * What the catalogue screen tests share: the real route table behind a stubbed server, an admin
 * or a staff session holding the permissions a test names, and toasts caught. Tests only.
 */
import { act } from 'react';
import { vi } from 'vitest';
import { routes } from '../../app/routes';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { searchDefaults, useSearchStore } from '../../stores/search-store';
import { sidebarDefaults, useSidebarStore } from '../../stores/sidebar-store';
import { aishaAdmin, benStaff, cornerGrocery } from '../../test/identity-fixtures';
import { envelope, renderRoutes } from '../../test/render';
import { stubServer } from '../../test/stub-server';

export type Server = ReturnType<typeof stubServer>;

/** A fresh stub server for one test, signed in to Corner Grocery's till. */
export function startServer(): Server {
  const server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSidebarStore.setState(sidebarDefaults);
  useSearchStore.setState(searchDefaults);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  return server;
}

/** The session check answers with an admin (or staff member) holding exactly `permissions`. */
export function signIn(server: Server, area: 'admin' | 'staff', permissions: string[]) {
  const user = area === 'admin' ? aishaAdmin : benStaff;
  server.answers[`GET /api/v1/${area}/check-logged`] = envelope(200, { data: { ...user, permissions } });
}

export const sentTo = (server: Server, key: string) => server.requests().filter((request) => request.key === key);

export const openScreen = (path: string) => renderRoutes(routes, path);

/** Chooses an option of a native select as a user would. */
export function choose(select: HTMLElement, value: string): void {
  act(() => {
    (select as HTMLSelectElement).value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
