// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { aishaAdmin, benStaff, cornerGrocery, rootSuperAdmin } from '../../test/identity-fixtures';
import { envelope, renderRoutes, waitFor } from '../../test/render';
import { goOffline, goOnline, installNetwork } from '@/features/offline/testing';
import type { SessionArea } from './api/auth-api';
import { SessionGuard } from './session-guard';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const fetchMock = vi.fn<typeof fetch>();

/** An area behind the guard, and every login page as a plain marker. */
function guarded(area: SessionArea, path: string): RouteObject[] {
  return [
    {
      path,
      element: (
        <SessionGuard area={area}>
          <p>Inside the {area} area</p>
        </SessionGuard>
      ),
    },
    { path: '/shop/login', element: <p>Shop login page</p> },
    { path: '/shop/admin/login', element: <p>Admin login page</p> },
    { path: '/shop/staff/login', element: <p>Staff login page</p> },
    { path: '/super/admin/login', element: <p>Super admin login page</p> },
  ];
}

let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

describe('session guard', () => {
  beforeEach(() => {
    useAuthStore.setState(signedOut);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    view?.unmount();
    view = undefined;
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    vi.clearAllMocks();
  });

  it('asks the area’s check route, then shows the area and stores the fresh session', async () => {
    fetchMock.mockResolvedValue(envelope(200, { data: aishaAdmin }));
    view = await renderRoutes(guarded('admin', '/admin'), '/admin');
    await waitFor(() => expect(view!.text()).toContain('Inside the admin area'));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/admin/check-logged', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    // An answer naming no stock grants is stored as holding none.
    expect(useAuthStore.getState().adminData).toEqual({ ...aishaAdmin, stockPermissions: [] });
    expect(view.pathname()).toBe('/admin');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows a checking status, not the area, while a reload’s check is on its way', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    view = await renderRoutes(guarded('admin', '/admin'), '/admin');
    expect(view.container.querySelector('[role="status"]')?.textContent).toContain('Checking your sign-in');
    expect(view.text()).not.toContain('Inside the admin area');
  });

  it('shows the area at once when the store already holds the session (right after login)', async () => {
    useAuthStore.getState().setAdmin(aishaAdmin);
    fetchMock.mockReturnValue(new Promise(() => {}));
    view = await renderRoutes(guarded('admin', '/admin'), '/admin');
    expect(view.text()).toContain('Inside the admin area');
  });

  it('on a 401 toasts the server’s message, clears that session only and goes to the area’s login', async () => {
    useAuthStore.getState().setAdmin(aishaAdmin);
    useAuthStore.getState().setShop(cornerGrocery);
    fetchMock.mockResolvedValue(envelope(401, { message: 'Please sign in' }));
    view = await renderRoutes(guarded('admin', '/admin'), '/admin');
    await waitFor(() => expect(view!.pathname()).toBe('/shop/admin/login'));
    expect(view.text()).toContain('Admin login page');
    expect(notify.error).toHaveBeenCalledWith('Please sign in');
    expect(useAuthStore.getState().adminData).toBeNull();
    expect(useAuthStore.getState().shopData).toEqual(cornerGrocery);
  });

  it('treats a missing route (404 without an envelope) as signed out too', async () => {
    useAuthStore.getState().setSuperAdmin(rootSuperAdmin);
    fetchMock.mockResolvedValue(envelope(404, 'Not Found'));
    view = await renderRoutes(guarded('super-admin', '/super/admin'), '/super/admin');
    await waitFor(() => expect(view!.pathname()).toBe('/super/admin/login'));
    expect(notify.error).toHaveBeenCalledWith('Please sign in');
    expect(useAuthStore.getState().superAdminData).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/super-admin/check-logged', expect.anything());
  });

  it.each([
    ['shop', '/shop', '/api/v1/shop/check-login', '/shop/login', 'shopData'],
    ['staff', '/staff', '/api/v1/staff/check-logged', '/shop/staff/login', 'staffData'],
  ] as const)('guards the %s area with its own check and login', async (area, path, checkUrl, loginPath, slice) => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    view = await renderRoutes(guarded(area, path), path);
    await waitFor(() => expect(view!.pathname()).toBe(loginPath));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(checkUrl);
    expect(useAuthStore.getState()[slice]).toBeNull();
    expect(notify.error).toHaveBeenCalledTimes(1);
  });

  describe('without a server (a till survives an offline reload)', () => {
    beforeEach(() => installNetwork());

    it('keeps the remembered session and shows the area, then checks again once back online', async () => {
      useAuthStore.getState().setShop(cornerGrocery);
      useAuthStore.getState().setAdmin(aishaAdmin);
      goOffline();
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      view = await renderRoutes(guarded('admin', '/admin'), '/admin');
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(view.text()).toContain('Inside the admin area');
      expect(view.pathname()).toBe('/admin');
      expect(notify.error).not.toHaveBeenCalled();
      expect(useAuthStore.getState().adminData).toEqual(aishaAdmin);

      const renamed = { ...aishaAdmin, userName: 'Aisha N', permissions: ['product_read'] };
      fetchMock.mockResolvedValueOnce(envelope(200, { data: renamed }));
      goOnline();
      await waitFor(() => expect(useAuthStore.getState().adminData).toEqual({ ...renamed, stockPermissions: [] }));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(view.text()).toContain('Inside the admin area');
    });

    it('signs out when the server, reachable again, says the session is gone', async () => {
      useAuthStore.getState().setShop(cornerGrocery);
      useAuthStore.getState().setStaff(benStaff);
      fetchMock.mockResolvedValueOnce(envelope(503, 'Service Unavailable'));
      view = await renderRoutes(guarded('staff', '/staff'), '/staff');
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(view.text()).toContain('Inside the staff area');
      expect(useAuthStore.getState().staffData).toEqual(benStaff);

      fetchMock.mockResolvedValueOnce(envelope(401, { message: 'Please sign in' }));
      goOnline();
      await waitFor(() => expect(view!.pathname()).toBe('/shop/staff/login'));
      expect(notify.error).toHaveBeenCalledWith('Please sign in');
      expect(useAuthStore.getState().staffData).toBeNull();
      expect(useAuthStore.getState().shopData).toEqual(cornerGrocery);
    });

    it('still signs out on a 401 while the network is up, remembered session or not', async () => {
      useAuthStore.getState().setAdmin(aishaAdmin);
      fetchMock.mockResolvedValueOnce(envelope(401, { message: 'Please sign in' }));
      view = await renderRoutes(guarded('admin', '/admin'), '/admin');
      await waitFor(() => expect(view!.pathname()).toBe('/shop/admin/login'));
      expect(useAuthStore.getState().adminData).toBeNull();
    });
  });
});
