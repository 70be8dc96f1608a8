import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  createEmployee, deleteEmployee, employeeCalls, findEmployee, grantEmployeePermission, listEmployees,
  resetEmployeePassword, revokeEmployeePermission, updateEmployee,
} from './employees-api';
import { personKey } from './people';
import { createShop, listShops, resetShopPassword, updateShop } from './shops-api';
import {
  createStaff, deleteStaff, findStaff, grantStaffPermission, listStaff, resetStaffPassword, revokeStaffPermission,
  staffCalls, updateStaff,
} from './staff-api';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', data }), { status: 200 });

function sent() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, method: init?.method, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

async function fallbackOf(call: () => Promise<unknown>): Promise<string> {
  fetchMock.mockResolvedValue(new Response('', { status: 500 }));
  const error = await call().catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error.message;
}

const shopFields = { shopName: 'Reef', email: 'reef@x.example', countryName: 'maldives', currencyCode: 'mvr' };
const personFields = { userName: 'Ben', email: 'ben@corner.example', phoneNumber: '7723456' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => ok(null));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('super admin shop calls (docs/api-management.md)', () => {
  it('lists, creates and updates shops', async () => {
    fetchMock.mockResolvedValueOnce(ok([{ _id: 'shop-1' }]));
    await expect(listShops()).resolves.toEqual([{ _id: 'shop-1' }]);
    expect(sent()).toEqual({ url: '/api/v1/super-admin/shops', method: 'GET', body: undefined });

    const newShop = { ...shopFields, phoneNumber: '7711223', password: 'harbour123' };
    await createShop(newShop);
    expect(sent()).toEqual({ url: '/api/v1/super-admin/shops', method: 'POST', body: newShop });

    const changes = { ...shopFields, timeZone: 'Indian/Maldives' };
    await updateShop('shop-1', changes);
    expect(sent()).toEqual({ url: '/api/v1/super-admin/shops/shop-1', method: 'PUT', body: changes });
  });

  it('resets a shop’s password with PATCH on the shop', async () => {
    await resetShopPassword('shop/1', { password: 'longer123' });
    expect(sent()).toEqual({ url: '/api/v1/super-admin/shops/shop%2F1', method: 'PATCH', body: { password: 'longer123' } });
  });

  it('names the default messages', async () => {
    expect(await fallbackOf(() => createShop({ ...shopFields, phoneNumber: '', password: '' }))).toBe('Failed to create shop!.');
    expect(await fallbackOf(() => updateShop('shop-1', { ...shopFields, timeZone: 'UTC' }))).toBe('Failed to update shop data!');
    expect(await fallbackOf(() => resetShopPassword('shop-1', { password: '' }))).toBe('Failed reset password!');
    expect(await fallbackOf(() => listShops())).toBe('Failed to fetch shops!');
  });
});

describe('super admin employee calls', () => {
  it('lists the employees of one shop', async () => {
    fetchMock.mockResolvedValueOnce(ok([]));
    await listEmployees('shop 1');
    expect(sent()).toEqual({ url: '/api/v1/super-admin/employees?shop=shop%201', method: 'GET', body: undefined });
  });

  it('creates an employee with the confirmation carried along', async () => {
    const employee = { ...personFields, password: 'counter123', confirmPassword: 'counter123', shopId: 'shop-1', role: 'staff' as const };
    await createEmployee(employee);
    expect(sent()).toEqual({ url: '/api/v1/super-admin/employees', method: 'POST', body: employee });
  });

  it('updates, deletes and resets the password of an employee by staff id', async () => {
    await updateEmployee('S000002', personFields);
    expect(sent()).toEqual({ url: '/api/v1/super-admin/employees/S000002', method: 'PUT', body: personFields });
    await deleteEmployee('S000002');
    expect(sent()).toEqual({ url: '/api/v1/super-admin/employee/S000002/delete', method: 'DELETE', body: undefined });
    await resetEmployeePassword('S000002', { password: 'longer123' });
    expect(sent()).toEqual({ url: '/api/v1/super-admin/employees/S000002/password', method: 'PATCH', body: { password: 'longer123' } });
  });

  it('reads permissions from the person, grants with PATCH and revokes with DELETE, both carrying {permission}', async () => {
    fetchMock.mockResolvedValueOnce(ok({ _id: 'user-2', permissions: ['product_read'] }));
    await expect(findEmployee('S000002')).resolves.toMatchObject({ permissions: ['product_read'] });
    expect(sent()).toEqual({ url: '/api/v1/super-admin/staff/S000002', method: 'GET', body: undefined });

    fetchMock.mockResolvedValueOnce(ok({ permissions: ['product_read', 'category_read'] }));
    await expect(grantEmployeePermission('S000002', 'category_read')).resolves.toEqual(['product_read', 'category_read']);
    expect(sent()).toEqual({ url: '/api/v1/super-admin/staff/S000002/permissions', method: 'PATCH', body: { permission: 'category_read' } });

    fetchMock.mockResolvedValueOnce(ok({ permissions: [] }));
    await expect(revokeEmployeePermission('S000002', 'product_read')).resolves.toEqual([]);
    expect(sent()).toEqual({ url: '/api/v1/super-admin/staff/S000002/permissions', method: 'DELETE', body: { permission: 'product_read' } });
  });

  it('gives the shared screens the same calls', async () => {
    await employeeCalls.resetPassword('S000002', 'longer123');
    expect(sent()).toEqual({ url: '/api/v1/super-admin/employees/S000002/password', method: 'PATCH', body: { password: 'longer123' } });
    expect(employeeCalls.update).toBe(updateEmployee);
    expect(employeeCalls.remove).toBe(deleteEmployee);
  });

  it('names the default messages', async () => {
    expect(await fallbackOf(() => createEmployee({ ...personFields, password: '', confirmPassword: '', shopId: '', role: 'staff' }))).toBe(
      'Failed to create staff!.',
    );
    expect(await fallbackOf(() => updateEmployee('S1', personFields))).toBe('Failed to update staff!');
    expect(await fallbackOf(() => deleteEmployee('S1'))).toBe('Failed to delete staff.');
    expect(await fallbackOf(() => findEmployee('S1'))).toBe('Failed to fetch permissions!');
    expect(await fallbackOf(() => grantEmployeePermission('S1', 'product_read'))).toBe('Failed to update permission!');
    expect(await fallbackOf(() => revokeEmployeePermission('S1', 'product_read'))).toBe('Failed to update permission!');
    expect(await fallbackOf(() => resetEmployeePassword('S1', { password: '' }))).toBe('Failed reset password!');
    expect(await fallbackOf(() => listEmployees('shop-1'))).toBe('Failed to fetch staff!');
  });
});

describe('shop admin staff calls', () => {
  it('lists and creates staff of the admin’s own shop', async () => {
    fetchMock.mockResolvedValueOnce(ok([]));
    await listStaff();
    expect(sent()).toEqual({ url: '/api/v1/admin/staff/list', method: 'GET', body: undefined });
    const staff = { ...personFields, password: 'counter123' };
    await createStaff(staff);
    expect(sent()).toEqual({ url: '/api/v1/admin/create-employee', method: 'POST', body: staff });
  });

  it('updates, deletes and resets the password of a staff member', async () => {
    await updateStaff('S000002', personFields);
    expect(sent()).toEqual({ url: '/api/v1/admin/staff/S000002', method: 'PUT', body: personFields });
    await deleteStaff('S000002');
    expect(sent()).toEqual({ url: '/api/v1/admin/staff/S000002', method: 'DELETE', body: undefined });
    await resetStaffPassword('S000002', { password: 'longer123' });
    expect(sent()).toEqual({ url: '/api/v1/admin/staff/S000002/password', method: 'PATCH', body: { password: 'longer123' } });
  });

  it('reads permissions naming the admin’s shop, and grants or revokes them', async () => {
    fetchMock.mockResolvedValueOnce(ok({ permissions: [] }));
    await findStaff('S000002', 'shop-1');
    expect(sent()).toEqual({ url: '/api/v1/admin/staff/S000002/shop-1', method: 'GET', body: undefined });
    fetchMock.mockResolvedValueOnce(ok({ permissions: ['customer_read'] }));
    await expect(grantStaffPermission('S000002', 'customer_read')).resolves.toEqual(['customer_read']);
    expect(sent()).toEqual({ url: '/api/v1/admin/staff/S000002/permissions', method: 'PATCH', body: { permission: 'customer_read' } });
    fetchMock.mockResolvedValueOnce(ok({ permissions: [] }));
    await revokeStaffPermission('S000002', 'customer_read');
    expect(sent()).toEqual({ url: '/api/v1/admin/staff/S000002/permissions', method: 'DELETE', body: { permission: 'customer_read' } });
  });

  it('binds the shared screens’ permission read to the admin’s shop', async () => {
    fetchMock.mockResolvedValueOnce(ok({ permissions: [] }));
    await staffCalls('shop-7').find('S000002');
    expect(sent().url).toBe('/api/v1/admin/staff/S000002/shop-7');
  });

  it('names the default messages', async () => {
    expect(await fallbackOf(() => createStaff({ ...personFields, password: '' }))).toBe('Failed to signup.');
    expect(await fallbackOf(() => updateStaff('S1', personFields))).toBe('Failed to update staff!');
    expect(await fallbackOf(() => deleteStaff('S1'))).toBe('Failed to delete staff.');
    expect(await fallbackOf(() => findStaff('S1', 'shop-1'))).toBe('Failed to fetch permissions!');
    expect(await fallbackOf(() => grantStaffPermission('S1', 'product_read'))).toBe('Failed to update permission!');
    expect(await fallbackOf(() => resetStaffPassword('S1', { password: '' }))).toBe('Failed reset password!');
    expect(await fallbackOf(() => listStaff())).toBe('Failed to fetch staff!');
  });

  it('prefers the server’s own message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'Email is already used by another account' }), { status: 409 }),
    );
    await expect(createStaff({ ...personFields, password: 'x' })).rejects.toThrow('Email is already used by another account');
  });
});

describe('naming a person in paths', () => {
  it('uses the staff id when the person has one, else the _id', () => {
    expect(personKey({ _id: 'user-2', staffId: 'S000002' })).toBe('S000002');
    expect(personKey({ _id: 'user-0', staffId: null })).toBe('user-0');
  });
});
