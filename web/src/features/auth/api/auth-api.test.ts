import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  adminLogin, checkSession, resetPassword, sendResetLink, shopLogin, staffLogin, superAdminLogin,
} from './auth-api';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', data }), { status: 200 });
const failed = (status: number) => new Response('', { status });

function sent() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, method: init?.method, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

async function fallbackOf(call: () => Promise<unknown>): Promise<string> {
  fetchMock.mockResolvedValue(failed(500));
  const error = await call().catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error.message;
}

describe('identity calls (docs/api-identity.md)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it.each([
    ['shop', '/api/v1/shop/check-login'],
    ['admin', '/api/v1/admin/check-logged'],
    ['staff', '/api/v1/staff/check-logged'],
    ['super-admin', '/api/v1/super-admin/check-logged'],
  ] as const)('checks the %s session with GET %s', async (area, url) => {
    fetchMock.mockResolvedValue(ok({ _id: '1' }));
    await expect(checkSession(area)).resolves.toEqual({ _id: '1' });
    expect(sent()).toEqual({ url, method: 'GET', body: undefined });
  });

  it('signs in with the body each route expects', async () => {
    fetchMock.mockImplementation(async () => ok({}));
    await shopLogin({ email: 'owner@corner.example', password: 'secret12' });
    expect(sent()).toEqual({ url: '/api/v1/shop/login', method: 'POST', body: { email: 'owner@corner.example', password: 'secret12' } });
    await adminLogin({ phoneNumber: '7712345', password: 'secret12' });
    expect(sent()).toEqual({ url: '/api/v1/admin/login', method: 'POST', body: { phoneNumber: '7712345', password: 'secret12' } });
    await staffLogin({ staffId: 'S000042', password: 'secret12' });
    expect(sent()).toEqual({ url: '/api/v1/staff/login', method: 'POST', body: { staffId: 'S000042', password: 'secret12' } });
    await superAdminLogin({ phoneNumber: '7700000', password: 'secret12' });
    expect(sent()).toEqual({ url: '/api/v1/super-admin/login', method: 'POST', body: { phoneNumber: '7700000', password: 'secret12' } });
  });

  it('asks for a reset link for a role, and resets with the token from the link', async () => {
    fetchMock.mockImplementation(async () => ok(null));
    await sendResetLink({ email: 'aisha@corner.example', role: 'admin' });
    expect(sent()).toEqual({ url: '/api/v1/password/reset-link', method: 'POST', body: { email: 'aisha@corner.example', role: 'admin' } });
    await resetPassword('a/b?c', { password: 'newpass12' });
    expect(sent()).toEqual({ url: '/api/v1/password/reset/a%2Fb%3Fc', method: 'POST', body: { password: 'newpass12' } });
  });

  it('names the default messages when the server gives no message', async () => {
    expect(await fallbackOf(() => adminLogin({ phoneNumber: '', password: '' }))).toBe('Failed to login');
    expect(await fallbackOf(() => superAdminLogin({ phoneNumber: '', password: '' }))).toBe('Failed to login!');
    expect(await fallbackOf(() => sendResetLink({ email: '', role: 'super-admin' }))).toBe('Failed to send email');
    expect(await fallbackOf(() => resetPassword('t', { password: '' }))).toBe('Failed reset password!');
  });
});
