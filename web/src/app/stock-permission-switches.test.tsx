// @vitest-environment happy-dom
/** The Stock group of a staff member's permissions (/admin/permissions/:id): the real route table, a stubbed server. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { loadCore } from '../test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '../test/identity-fixtures';
import { click, envelope, renderRoutes, waitFor } from '../test/render';
import { stubServer } from '../test/stub-server';
import { routes } from './routes';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = (key: string) => server.requests().filter((request) => request.key === key);
const grantRoute = 'PATCH /api/v1/admin/staff/S000002/permissions';
const revokeRoute = 'DELETE /api/v1/admin/staff/S000002/permissions';

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: { ...aishaAdmin, permissions: [] } });
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/staff/S000002/shop-1'] = envelope(200, {
    data: { ...benStaff, permissions: ['product_read'], shiftPermissions: ['shift_open_close'], stockPermissions: ['stock_count'] },
  });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a staff member’s stock permissions', () => {
  it('shows the Stock group with the grants held, grants and revokes through the same routes', async () => {
    server.answers[grantRoute] = envelope(200, {
      data: { permissions: ['product_read'], shiftPermissions: ['shift_open_close'], stockPermissions: ['stock_count', 'stock_report'] },
    });
    server.answers[revokeRoute] = envelope(200, {
      data: { permissions: ['product_read'], shiftPermissions: ['shift_open_close'], stockPermissions: ['stock_report'] },
    });
    view = await renderRoutes(routes, '/admin/permissions/S000002');
    const { container } = view;
    const stockSwitch = (label: string) => container.querySelector<HTMLButtonElement>(`[role="switch"][aria-label="${label}"]`)!;
    await waitFor(() => expect(stockSwitch('Stock reports')).not.toBeNull());
    const stockGroup = [...container.querySelectorAll('section')].find((section) => section.querySelector('h2')?.textContent === 'Stock')!;
    expect([...stockGroup.querySelectorAll('[role="switch"]')].map((button) => [button.getAttribute('aria-label'), button.getAttribute('aria-checked')])).toEqual([
      ['Receive deliveries', 'false'],
      ['Count stock', 'true'],
      ['Adjust stock', 'false'],
      ['Stock reports', 'false'],
    ]);
    // The twelve and the shift grants stay as they were.
    expect(container.querySelectorAll('.permission-grid [role="switch"]')).toHaveLength(12);
    expect(stockSwitch('Open and close shifts').getAttribute('aria-checked')).toBe('true');

    await click(stockSwitch('Stock reports'));
    await waitFor(() => expect(sent(grantRoute)).toHaveLength(1));
    expect(sent(grantRoute)[0]?.body).toEqual({ permission: 'stock_report' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Permission updated'));
    expect(stockSwitch('Stock reports').getAttribute('aria-checked')).toBe('true');

    await click(stockSwitch('Count stock'));
    await waitFor(() => expect(sent(revokeRoute)).toHaveLength(1));
    expect(sent(revokeRoute)[0]?.body).toEqual({ permission: 'stock_count' });
    await waitFor(() => expect(stockSwitch('Count stock').getAttribute('aria-checked')).toBe('false'));
    expect(stockSwitch('Stock reports').getAttribute('aria-checked')).toBe('true');
    expect(stockSwitch('Open and close shifts').getAttribute('aria-checked')).toBe('true');
  });

  it('puts a switch back and says why when the server refuses the grant', async () => {
    server.answers[grantRoute] = envelope(403, { message: 'Only an admin of this shop can change permissions' });
    view = await renderRoutes(routes, '/admin/permissions/S000002');
    const { container } = view;
    const adjust = () => container.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Adjust stock"]')!;
    await waitFor(() => expect(adjust()).not.toBeNull());
    await click(adjust());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Only an admin of this shop can change permissions'));
    expect(adjust().getAttribute('aria-checked')).toBe('false');
  });
});
