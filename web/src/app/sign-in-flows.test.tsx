// @vitest-environment happy-dom
/** The sign-in screens and areas as a user meets them: the real route table, a stubbed server. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { sidebarDefaults, useSidebarStore } from '../stores/sidebar-store';
import { loadCore } from '../test/core';
import { aishaAdmin, benStaff, cornerGrocery, rootSuperAdmin } from '../test/identity-fixtures';
import { button, click, envelope, field, renderRoutes, typeInto, waitFor } from '../test/render';
import { routes } from './routes';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../lib/notify', () => ({ notify }));

/** A stub server: "METHOD /path" -> answer; anything else is a 404 without an envelope. */
type Answer = Response | (() => Response);
let server: Record<string, Answer> = {};
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const key = `${init?.method ?? 'GET'} ${String(input)}`;
  const answer = server[key];
  if (!answer) return envelope(404, 'Not Found');
  return typeof answer === 'function' ? answer() : answer.clone();
});

function requests(): { key: string; body: unknown }[] {
  return fetchMock.mock.calls.map(([input, init]) => ({
    key: `${init?.method ?? 'GET'} ${String(input)}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
}

let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
async function open(path: string) {
  view = await renderRoutes(routes, path);
  return view;
}

async function submit(container: HTMLElement) {
  await click(container.querySelector('button[type="submit"]')!);
}

beforeAll(loadCore);
beforeEach(() => {
  useAuthStore.setState(signedOut);
  useSidebarStore.setState(sidebarDefaults);
  vi.stubGlobal('fetch', fetchMock);
  server = {};
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  vi.clearAllMocks();
});

describe('super admin login', () => {
  it('takes a mobile number up to its longest form, on a phone keypad, and shows or hides the password', async () => {
    const { container } = await open('/super/admin/login');
    const mobile = field(container, 'Mobile number');
    expect(mobile.maxLength).toBe('+960 7771234567'.length);
    expect(mobile.inputMode).toBe('tel');
    expect(mobile.autocomplete).toBe('username');
    const password = field(container, 'Password');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    const reveal = button(container, 'Show password');
    await click(reveal);
    expect(password.type).toBe('text');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    await click(reveal);
    expect(password.type).toBe('password');
    expect(container.querySelector('a[href="/super/admin/reset/password/send/mail"]')?.textContent).toBe('Forgot password?');
  });

  it('checks the mobile number before sending, so a typo spends no sign-in attempt', async () => {
    const { container } = await open('/super/admin/login');
    typeInto(field(container, 'Mobile number'), '77');
    typeInto(field(container, 'Password'), 'secret12');
    await submit(container);
    expect(container.textContent).toContain('Invalid mobile number!');
    expect(field(container, 'Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in, says "Login success" and opens the super admin area', async () => {
    server['POST /api/v1/super-admin/login'] = envelope(200, { data: rootSuperAdmin });
    server['GET /api/v1/super-admin/check-logged'] = envelope(200, { data: rootSuperAdmin });
    const { container, pathname } = await open('/super/admin/login');
    typeInto(field(container, 'Mobile number'), '7700000');
    typeInto(field(container, 'Password'), 'secret12');
    await submit(container);
    await waitFor(() => expect(pathname()).toBe('/super/admin'));
    expect(requests()[0]).toEqual({ key: 'POST /api/v1/super-admin/login', body: { phoneNumber: '7700000', password: 'secret12' } });
    expect(notify.success).toHaveBeenCalledWith('Login success');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Welcome, Root'));
    expect(container.querySelector('nav[aria-label="Super admin menu"]')?.textContent).toContain('Dashboard');
  });

  it('on a refused sign-in shows the server’s message, announced, and clears the super admin session', async () => {
    useAuthStore.getState().setSuperAdmin(rootSuperAdmin);
    server['POST /api/v1/super-admin/login'] = envelope(401, { message: 'Invalid credentials' });
    const { container, pathname } = await open('/super/admin/login');
    typeInto(field(container, 'Mobile number'), '7700000');
    typeInto(field(container, 'Password'), 'wrong123');
    await submit(container);
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Invalid credentials'));
    expect(notify.error).toHaveBeenCalledWith('Invalid credentials');
    expect(useAuthStore.getState().superAdminData).toBeNull();
    expect(pathname()).toBe('/super/admin/login');
    expect(container.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(false);
  });

  it('keeps its button disabled while the request runs', async () => {
    // The sign-in is sent and never answered.
    fetchMock.mockImplementationOnce(() => new Promise(() => {}));
    const { container } = await open('/super/admin/login');
    typeInto(field(container, 'Mobile number'), '7700000');
    typeInto(field(container, 'Password'), 'secret12');
    await submit(container);
    const submitButton = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submitButton.disabled).toBe(true);
    expect(submitButton.textContent).toBe('Signing in…');
  });
});

describe('shop, admin and staff sign-in', () => {
  it('a shop signs in with email and password and lands on its home, named', async () => {
    server['POST /api/v1/shop/login'] = envelope(200, { data: cornerGrocery });
    server['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
    const { container, pathname } = await open('/shop/login');
    typeInto(field(container, 'Email'), 'owner@corner.example');
    typeInto(field(container, 'Password'), 'secret12');
    await submit(container);
    await waitFor(() => expect(pathname()).toBe('/shop'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Corner Grocery'));
    expect(container.querySelector('a[href="/shop/admin/login"]')).not.toBeNull();
    expect(container.querySelector('a[href="/shop/staff/login"]')).not.toBeNull();
  });

  it('the admin login names the shop this till is signed in to', async () => {
    server['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
    const { container } = await open('/shop/admin/login');
    await waitFor(() => expect(container.textContent).toContain('Signing in to Corner Grocery'));
  });

  it('the staff login points to the shop login when the till has no shop session', async () => {
    server['GET /api/v1/shop/check-login'] = envelope(401, { message: 'Please sign in' });
    const { container } = await open('/shop/staff/login');
    await waitFor(() => expect(container.textContent).toContain('This till is not signed in to a shop yet'));
    expect(container.querySelector('a[href="/shop/login?next=staff"]')?.textContent).toBe('Shop login');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('the shop signed in from a role’s login goes back to that login', async () => {
    server['POST /api/v1/shop/login'] = envelope(200, { data: cornerGrocery });
    server['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
    const { container, pathname } = await open('/shop/login?next=staff');
    typeInto(field(container, 'Email'), 'owner@corner.example');
    typeInto(field(container, 'Password'), 'secret12');
    await submit(container);
    await waitFor(() => expect(pathname()).toBe('/shop/staff/login'));
    await waitFor(() => expect(container.textContent).toContain('Signing in to Corner Grocery'));
  });

  it('a staff member or admin already signed in on this till goes straight to their area from its login', async () => {
    server['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
    server['GET /api/v1/staff/check-logged'] = envelope(200, { data: benStaff });
    useAuthStore.setState({ shopData: cornerGrocery, staffData: benStaff });
    const staff = await open('/shop/staff/login');
    await waitFor(() => expect(staff.pathname()).toBe('/staff'));
    expect(staff.container.querySelector('form')).toBeNull();
    staff.unmount();
    server['GET /api/v1/admin/check-logged'] = envelope(200, { data: aishaAdmin });
    useAuthStore.setState({ adminData: aishaAdmin });
    const admin = await open('/shop/admin/login');
    await waitFor(() => expect(admin.pathname()).toBe('/admin'));
  });

  it('an admin may type a mobile number with a country code, sent as typed for the server to read', async () => {
    const withCode = { ...aishaAdmin, phoneNumber: '+91 9876543210' };
    server['POST /api/v1/admin/login'] = envelope(200, { data: withCode });
    server['GET /api/v1/admin/check-logged'] = envelope(200, { data: withCode });
    server['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
    const { container, pathname } = await open('/shop/admin/login');
    typeInto(field(container, 'Mobile number'), ' 91-9876543210 ');
    typeInto(field(container, 'Password'), 'secret12');
    await submit(container);
    await waitFor(() => expect(pathname()).toBe('/admin'));
    expect(requests().find((r) => r.key === 'POST /api/v1/admin/login')?.body).toEqual({ phoneNumber: '91-9876543210', password: 'secret12' });
  });

  it('a staff member may type just the number of their staff id', async () => {
    server['POST /api/v1/staff/login'] = envelope(200, { data: benStaff });
    server['GET /api/v1/staff/check-logged'] = envelope(200, { data: benStaff });
    server['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
    const { container, pathname } = await open('/shop/staff/login');
    typeInto(field(container, 'Staff ID'), '2');
    typeInto(field(container, 'Password'), 'secret12');
    await submit(container);
    await waitFor(() => expect(pathname()).toBe('/staff'));
    expect(requests().find((r) => r.key === 'POST /api/v1/staff/login')?.body).toEqual({ staffId: 'S000002', password: 'secret12' });
    // The staff's landing page is the cart, under the staff menu.
    await waitFor(() => expect(container.querySelector('nav[aria-label="Staff menu"] a[href="/staff"]')?.textContent).toBe('Cart'));
  });
});

describe('the admin area', () => {
  beforeEach(() => {
    server['GET /api/v1/admin/check-logged'] = envelope(200, { data: aishaAdmin });
    server['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  });

  it('shows a welcome panel and a menu of the screens that exist', async () => {
    const { container } = await open('/admin');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Welcome, Aisha'));
    const menu = container.querySelector('nav[aria-label="Admin menu"]')!;
    // Aisha holds product_read and category_read: their lists, the staff screens, the loyalty
    // rate, the receipt and the audit trail.
    expect([...menu.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/cart',
      '/admin/open/orders',
      '/admin/invoices',
      '/admin/sync/review',
      '/admin/custom/invoice',
      '/admin/product/view',
      '/admin/category/view',
      '/admin/staff/view',
      '/admin/staff/signup',
      '/admin/loyalty/points',
      '/admin/receipt',
      '/admin/audit',
    ]);
    expect(menu.querySelector('a')?.getAttribute('aria-current')).toBe('page');
    // Reloaded straight into the area, the top bar still learns the shop's name.
    await waitFor(() => expect(container.querySelector('.top-bar__shop-name')?.textContent).toBe('Corner Grocery'));
  });

  it('flips the sidebar flag with its toggle', async () => {
    const { container } = await open('/admin');
    await waitFor(() => button(container, 'Menu'));
    const toggle = button(container, 'Menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    expect(useSidebarStore.getState().sidebarOpen).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the area’s ErrorPage for a screen it does not have', async () => {
    const { container } = await open('/admin/no/such/screen');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('ErrorPage'));
    expect(container.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
  });

  it('logs out from its menu: the admin session ends, stores reset, "Logout success", the landing page', async () => {
    server['POST /api/v1/admin/logout'] = envelope(200, { data: null });
    const { container, pathname } = await open('/admin');
    await waitFor(() => button(container, 'Log out'));
    await click(button(container, 'Menu'));
    await click(button(container, 'Log out'));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(requests().some((r) => r.key === 'POST /api/v1/admin/logout')).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Logout success');
    expect(useAuthStore.getState().adminData).toBeNull();
    expect(useAuthStore.getState().shopData).toEqual(cornerGrocery);
    expect(useSidebarStore.getState().sidebarOpen).toBe(false);
  });

  it('the top bar’s Logout signs the shop out', async () => {
    server['POST /api/v1/shop/logout'] = envelope(200, { data: null });
    const { container, pathname } = await open('/admin');
    await waitFor(() => button(container, 'Log out of the shop'));
    await click(button(container, 'Log out of the shop'));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(requests().some((r) => r.key === 'POST /api/v1/shop/logout')).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ shopData: null, adminData: null });
  });

  it('a failed logout says so and keeps the admin signed in', async () => {
    server['POST /api/v1/admin/logout'] = envelope(500, {});
    const { container, pathname } = await open('/admin');
    await waitFor(() => button(container, 'Log out'));
    await click(button(container, 'Log out'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to logout'));
    expect(pathname()).toBe('/admin');
    expect(useAuthStore.getState().adminData).toEqual({ ...aishaAdmin, stockPermissions: [] });
  });
});

describe('forgot and reset password', () => {
  it('sends a reset link for the super admin and says "Mail Sent!"', async () => {
    server['POST /api/v1/password/reset-link'] = envelope(200, { data: null });
    const { container } = await open('/super/admin/reset/password/send/mail');
    typeInto(field(container, 'Email'), 'root@tillwise.example');
    await submit(container);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Mail Sent!'));
    expect(requests()[0]).toEqual({ key: 'POST /api/v1/password/reset-link', body: { email: 'root@tillwise.example', role: 'super-admin' } });
    expect(notify.success).toHaveBeenCalledWith('Email send successfully');
  });

  it('asks for the admin role on the shop’s page, and shows the server’s refusal', async () => {
    server['POST /api/v1/password/reset-link'] = envelope(404, {});
    const { container } = await open('/shop/admin/reset/password/send/mail');
    typeInto(field(container, 'Email'), 'aisha@corner.example');
    await submit(container);
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Failed to send email'));
    expect(requests()[0]?.body).toEqual({ email: 'aisha@corner.example', role: 'admin' });
  });

  it('refuses a malformed email before sending', async () => {
    const { container } = await open('/shop/admin/reset/password/send/mail');
    typeInto(field(container, 'Email'), 'aisha@corner');
    await submit(container);
    expect(container.textContent).toContain('Invalid! email id!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies SPEC’s password rule, then resets with the token and goes to the matching login', async () => {
    server['POST /api/v1/password/reset/tok-123'] = envelope(200, { data: null });
    const { container, pathname } = await open('/shop/admin/reset/password/tok-123');
    typeInto(field(container, 'New password'), 'short');
    await submit(container);
    expect(container.textContent).toContain('Password must be at least 8 characters long and include at least one number.');
    expect(fetchMock).not.toHaveBeenCalled();

    typeInto(field(container, 'New password'), 'longer123');
    await submit(container);
    await waitFor(() => expect(pathname()).toBe('/shop/admin/login'));
    expect(requests()[0]).toEqual({ key: 'POST /api/v1/password/reset/tok-123', body: { password: 'longer123' } });
    expect(notify.success).toHaveBeenCalledWith('Password reset successfully');
  });

  it('a failed reset shows "Failed reset password!" when the server says nothing', async () => {
    server['POST /api/v1/password/reset/expired'] = envelope(500, {});
    const { container, pathname } = await open('/super/admin/reset/password/expired');
    typeInto(field(container, 'New password'), 'longer123');
    await submit(container);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed reset password!'));
    expect(pathname()).toBe('/super/admin/reset/password/expired');
  });
});

describe('entering the super admin area signed out', () => {
  it('goes to its login when the check fails, even as a 404', async () => {
    const { pathname, container } = await open('/super/admin');
    await waitFor(() => expect(pathname()).toBe('/super/admin/login'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Super Admin Login'));
  });
});
