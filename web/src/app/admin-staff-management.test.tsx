// @vitest-environment happy-dom
/** The shop admin's staff screens as a user meets them: the real route table, a stubbed server. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { searchDefaults, useSearchStore } from '../stores/search-store';
import { sidebarDefaults, useSidebarStore } from '../stores/sidebar-store';
import { loadBackOffice } from '../test/back-office-core';
import { loadCore } from '../test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '../test/identity-fixtures';
import { cornerPeople } from '../test/management-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../test/render';
import { cellInput, fieldError, link, openDialog, row, rows } from '../test/screens';
import { stubServer } from '../test/stub-server';
import { routes } from './routes';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function open(path: string) {
  view = await renderRoutes(routes, path);
  return view;
}

const sent = (key: string) => server.requests().filter((request) => request.key === key);

beforeAll(loadCore);
// The staff signup form's checks are in the back office's module.
beforeAll(loadBackOffice);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSidebarStore.setState(sidebarDefaults);
  useSearchStore.setState(searchDefaults);
  // An admin without a single permission still manages staff.
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: { ...aishaAdmin, permissions: [] } });
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/staff/list'] = envelope(200, { data: cornerPeople });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the admin’s staff menu', () => {
  it('always shows Staff Management and Add Staff (and the loyalty rate)', async () => {
    const { container } = await open('/admin');
    await waitFor(() => container.querySelector('nav[aria-label="Admin menu"] a[href="/admin/staff/view"]'));
    const menu = container.querySelector('nav[aria-label="Admin menu"]')!;
    expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Dashboard', 'Cart', 'Open Orders', 'Invoices', 'Sync Review', 'Custom Invoice', 'Staff Management', 'Add Staff', 'Loyalty Points', 'Receipt',
      'Audit Trail',
    ]);
  });
});

describe('add staff (/admin/staff/signup)', () => {
  function fill(container: HTMLElement, values: { name: string; email: string; mobile: string; password: string }) {
    typeInto(field(container, 'Name'), values.name);
    typeInto(field(container, 'Email'), values.email);
    typeInto(field(container, 'Mobile'), values.mobile);
    typeInto(field(container, 'Password'), values.password);
  }

  it('shows the form’s messages beside the fields, sends the request regardless, and shows the server’s answer too', async () => {
    server.answers['POST /api/v1/admin/create-employee'] = envelope(400, { message: 'Invalid name!' });
    const { container } = await open('/admin/staff/signup');
    await waitFor(() => field(container, 'Name'));
    expect(field(container, 'Mobile').maxLength).toBe('+960 7771234567'.length);
    fill(container, { name: 'A b', email: 'al@corner', mobile: '77', password: 'password' });
    await click(button(container, 'Add staff'));
    expect(fieldError(field(container, 'Name'))).toBe('Invalid name!');
    expect(fieldError(field(container, 'Email'))).toBe('Invalid! email id!');
    expect(fieldError(field(container, 'Mobile'))).toBe('Invalid mobile number!');
    expect(fieldError(field(container, 'Password'))).toBe('Password must be at least 8 characters long and include at least one number.');
    expect(sent('POST /api/v1/admin/create-employee')[0]?.body).toEqual({
      userName: 'A b', email: 'al@corner', phoneNumber: '77', password: 'password',
    });
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Invalid name!'));
    expect(notify.error).toHaveBeenCalledWith('Invalid name!');
  });

  it('takes SPEC’s mobile with a country code as well as a 7-digit number, with no message', async () => {
    server.answers['POST /api/v1/admin/create-employee'] = envelope(201, { data: { ...benStaff, phoneNumber: '+91 9876543210' } });
    const { container } = await open('/admin/staff/signup');
    await waitFor(() => field(container, 'Name'));
    fill(container, { name: 'Farah', email: 'farah@corner.example', mobile: '+919876543210', password: 'counter123' });
    await click(button(container, 'Add staff'));
    await waitFor(() => expect(container.textContent).toContain('Ben can sign in now'));
    expect(container.querySelectorAll('.field__error')).toHaveLength(0);
    expect(sent('POST /api/v1/admin/create-employee')[0]?.body).toMatchObject({ phoneNumber: '+919876543210' });
    expect(container.textContent).toContain('+91 9876543210');
  });

  it('falls back to "Failed to signup." when the server gives no message', async () => {
    server.answers['POST /api/v1/admin/create-employee'] = envelope(500, '');
    const { container } = await open('/admin/staff/signup');
    await waitFor(() => field(container, 'Name'));
    fill(container, { name: 'Farah', email: 'farah@corner.example', mobile: '7742424', password: 'counter123' });
    await click(button(container, 'Add staff'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to signup.'));
  });

  it('adds a valid staff member: "Signup success!" and their new staff ID', async () => {
    const farah = {
      ...benStaff, _id: 'user-42', staffId: 'S000042', userName: 'Farah', email: 'farah@corner.example', phoneNumber: '7742424',
      permissions: ['product_read', 'category_read', 'customer_read'],
    };
    server.answers['POST /api/v1/admin/create-employee'] = envelope(201, { data: farah });
    const { container, pathname } = await open('/admin/staff/signup');
    await waitFor(() => field(container, 'Name'));
    fill(container, { name: ' Farah ', email: 'farah@corner.example ', mobile: '7742424', password: 'counter123' });
    await click(button(container, 'Add staff'));
    await waitFor(() => expect(container.textContent).toContain('Farah can sign in now'));
    expect(container.querySelectorAll('.field__error')).toHaveLength(0);
    expect(sent('POST /api/v1/admin/create-employee')[0]?.body).toEqual({
      userName: 'Farah', email: 'farah@corner.example', phoneNumber: '7742424', password: 'counter123',
    });
    expect(notify.success).toHaveBeenCalledWith('Signup success!');
    expect(container.querySelector('.created-panel__highlight')?.textContent).toBe('Staff IDS000042');
    // What the server granted, in words, and where to change it.
    expect(container.textContent).toContain('CanSell; read products, read categories, read customers');
    expect(link(container, 'Permissions').getAttribute('href')).toBe('/admin/permissions/S000042');
    await click(link(container, 'View staff'));
    await waitFor(() => expect(pathname()).toBe('/admin/staff/view'));
  });
});

describe('staff (/admin/staff/view)', () => {
  it('lists the shop’s people; an admin row shows "Admin" instead of its actions', async () => {
    const { container } = await open('/admin/staff/view');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect(rows(container)[0]).toEqual(['1', 'Aisha', 'S000001', 'Admin', 'aisha@corner.example', '7712345', 'Admin']);
    expect(row(container, 'Aisha').querySelectorAll('button, a')).toHaveLength(0);
    button(container, 'Edit Ben');
    button(container, 'Delete Ben');
    expect(link(container, 'Permissions of Ben').getAttribute('href')).toBe('/admin/permissions/S000002');
    expect(link(container, 'Reset password of Ben').getAttribute('href')).toBe('/admin/staff/reset/password/S000002');
    expect(container.textContent).toContain('3 people at Corner Grocery');
  });

  it('edits a staff member in place', async () => {
    server.answers['PUT /api/v1/admin/staff/S000002'] = envelope(200, { data: { ...benStaff, email: 'benny@corner.example' } });
    const { container } = await open('/admin/staff/view');
    await waitFor(() => row(container, 'Ben'));
    await click(button(container, 'Edit Ben'));
    typeInto(cellInput(container, 'Email'), 'benny@corner.example');
    press(cellInput(container, 'Email'), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff updated successfully!'));
    expect(sent('PUT /api/v1/admin/staff/S000002')[0]?.body).toEqual({ userName: 'Ben', email: 'benny@corner.example', phoneNumber: '7723456' });
    expect(rows(container)[1]?.[4]).toBe('benny@corner.example');
  });

  it('deletes a staff member after the confirmation', async () => {
    server.answers['DELETE /api/v1/admin/staff/S000002'] = envelope(200, { data: null });
    const { container } = await open('/admin/staff/view');
    await waitFor(() => row(container, 'Ben'));
    await click(button(container, 'Delete Ben'));
    expect(openDialog()?.textContent).toContain('Do you want to delete this staff?');
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(rows(container).map((cells) => cells[1])).toEqual(['Aisha', 'Chen']));
    expect(notify.success).toHaveBeenCalledWith('Staff deleted successfully!');
  });

  it('shows the server’s refusal of a delete', async () => {
    server.answers['DELETE /api/v1/admin/staff/S000002'] = envelope(403, { message: 'An admin cannot be deleted' });
    const { container } = await open('/admin/staff/view');
    await waitFor(() => row(container, 'Ben'));
    await click(button(container, 'Delete Ben'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('An admin cannot be deleted'));
    row(container, 'Ben');
  });

  it('searches on name, email and phone', async () => {
    const { container } = await open('/admin/staff/view');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    typeInto(container.querySelector<HTMLInputElement>('input[type="search"]')!, '7723');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Ben']);
  });
});

describe('a staff member’s permissions (/admin/permissions/:id)', () => {
  it('reads them for the admin’s own shop and flips one at once', async () => {
    server.answers['GET /api/v1/admin/staff/S000002/shop-1'] = envelope(200, { data: { ...benStaff, permissions: ['product_read'] } });
    server.answers['PATCH /api/v1/admin/staff/S000002/permissions'] = envelope(200, { data: { permissions: ['product_read', 'customer_create'] } });
    const { container } = await open('/admin/permissions/S000002');
    const customerCreate = () => container.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Customer create"]')!;
    await waitFor(() => expect(customerCreate()).not.toBeNull());
    expect(link(container, 'Staff').getAttribute('href')).toBe('/admin/staff/view');
    await click(customerCreate());
    expect(customerCreate().getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Permission updated'));
    expect(sent('PATCH /api/v1/admin/staff/S000002/permissions')[0]?.body).toEqual({ permission: 'customer_create' });
  });
});

describe('a staff member’s shift permissions (/admin/permissions/:id)', () => {
  it('shows the Shifts group with the grants held and flips one through the same route', async () => {
    server.answers['GET /api/v1/admin/staff/S000002/shop-1'] = envelope(200, {
      data: { ...benStaff, permissions: ['product_read'], shiftPermissions: ['shift_open_close', 'cash_movement'] },
    });
    server.answers['PATCH /api/v1/admin/staff/S000002/permissions'] = envelope(200, {
      data: { permissions: ['product_read'], shiftPermissions: ['shift_open_close', 'cash_movement', 'shift_read_all'] },
    });
    server.answers['DELETE /api/v1/admin/staff/S000002/permissions'] = envelope(200, {
      data: { permissions: ['product_read'], shiftPermissions: ['shift_open_close', 'shift_read_all'] },
    });
    const { container } = await open('/admin/permissions/S000002');
    const shiftSwitch = (label: string) => container.querySelector<HTMLButtonElement>(`[role="switch"][aria-label="${label}"]`)!;
    await waitFor(() => expect(shiftSwitch("See every till's shifts")).not.toBeNull());
    // The groups under the grid, each under its own heading: Shifts, then Stock.
    expect([...container.querySelectorAll('.permission-group h2')].map((title) => title.textContent)).toEqual(['Shifts', 'Stock']);
    expect(shiftSwitch('Open and close shifts').getAttribute('aria-checked')).toBe('true');
    expect(shiftSwitch('Pay cash in or out').getAttribute('aria-checked')).toBe('true');
    expect(shiftSwitch("See every till's shifts").getAttribute('aria-checked')).toBe('false');
    // The twelve stay as they were: the grid still has its 12 switches beside the 3.
    expect(container.querySelectorAll('.permission-grid [role="switch"]')).toHaveLength(12);

    await click(shiftSwitch("See every till's shifts"));
    await waitFor(() => expect(sent('PATCH /api/v1/admin/staff/S000002/permissions')).toHaveLength(1));
    expect(sent('PATCH /api/v1/admin/staff/S000002/permissions')[0]?.body).toEqual({ permission: 'shift_read_all' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Permission updated'));
    expect(shiftSwitch("See every till's shifts").getAttribute('aria-checked')).toBe('true');

    await click(shiftSwitch('Pay cash in or out'));
    await waitFor(() => expect(sent('DELETE /api/v1/admin/staff/S000002/permissions')).toHaveLength(1));
    expect(sent('DELETE /api/v1/admin/staff/S000002/permissions')[0]?.body).toEqual({ permission: 'cash_movement' });
    await waitFor(() => expect(shiftSwitch('Pay cash in or out').getAttribute('aria-checked')).toBe('false'));
    expect(shiftSwitch("See every till's shifts").getAttribute('aria-checked')).toBe('true');
  });
});

describe('a staff member’s password reset (/admin/staff/reset/password/:staffId)', () => {
  it('resets it and goes back to the staff list', async () => {
    server.answers['PATCH /api/v1/admin/staff/S000002/password'] = envelope(200, { data: null });
    const { container, pathname } = await open('/admin/staff/reset/password/S000002');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Reset staff password'));
    expect(container.textContent).toContain('Choose a new password for this staff member');
    typeInto(field(container, 'New password'), 'counter123');
    await click(button(container, 'Reset password'));
    await waitFor(() => expect(pathname()).toBe('/admin/staff/view'));
    expect(sent('PATCH /api/v1/admin/staff/S000002/password')[0]?.body).toEqual({ password: 'counter123' });
    expect(notify.success).toHaveBeenCalledWith('Password reset successfully');
  });
});
