// @vitest-environment happy-dom
/** The super admin's management screens as a user meets them: the real route table, a stubbed server. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useShopsStore } from '@/features/management';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { searchDefaults, useSearchStore } from '../stores/search-store';
import { selectedShopDefaults, useSelectedShopStore } from '../stores/selected-shop-store';
import { sidebarDefaults, useSidebarStore } from '../stores/sidebar-store';
import { loadCore } from '../test/core';
import { benStaff, cornerGrocery, rootSuperAdmin } from '../test/identity-fixtures';
import { cornerPeople, harbourBakery, harbourPeople, lagoonPharmacy } from '../test/management-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../test/render';
import { cellInput, fieldError, link, openDialog, row, rows } from '../test/screens';
import { stubServer } from '../test/stub-server';
import { routes } from './routes';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../lib/notify', () => ({ notify }));

const shops = [cornerGrocery, harbourBakery, lagoonPharmacy];
let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function open(path: string) {
  view = await renderRoutes(routes, path);
  return view;
}

const sent = (key: string) => server.requests().filter((request) => request.key === key);
const shopSelect = (container: HTMLElement) => container.querySelector<HTMLSelectElement>('.shop-selector select')!;

async function choose(select: HTMLSelectElement, value: string) {
  const { act } = await import('react');
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSidebarStore.setState(sidebarDefaults);
  useSearchStore.setState(searchDefaults);
  useSelectedShopStore.setState(selectedShopDefaults);
  useShopsStore.getState().reset();
  server.answers['GET /api/v1/super-admin/check-logged'] = envelope(200, { data: rootSuperAdmin });
  server.answers['GET /api/v1/super-admin/shops'] = envelope(200, { data: shops });
  server.answers['GET /api/v1/super-admin/employees?shop=shop-1'] = envelope(200, { data: cornerPeople });
  server.answers['GET /api/v1/super-admin/employees?shop=shop-2'] = envelope(200, { data: harbourPeople });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the super admin’s bar and menu', () => {
  it('offers Shops, Employees, Create Shop and Create Employee, and a shop selector set to the first shop', async () => {
    const { container } = await open('/super/admin');
    await waitFor(() => expect(shopSelect(container).value).toBe('shop-1'));
    const menu = container.querySelector('nav[aria-label="Super admin menu"]')!;
    expect([...menu.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/super/admin', 'Dashboard'],
      ['/super/admin/shops', 'Shops'],
      ['/super/admin/staffs', 'Employees'],
      ['/super/admin/create/shop', 'Create Shop'],
      ['/super/admin/create/staff', 'Create Employee'],
      ['/super/admin/audit', 'Audit Trail'],
    ]);
    expect([...shopSelect(container).options].map((option) => option.textContent)).toEqual([
      'Corner Grocery', 'Harbour Bakery', 'Lagoon Pharmacy',
    ]);
    expect(container.querySelector(`label[for="${shopSelect(container).id}"]`)?.textContent).toBe('Selected shop');
    await choose(shopSelect(container), 'shop-3');
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-3');
  });

  it('has no shop selector outside the super admin area', async () => {
    const { container } = await open('/super/admin/login');
    expect(container.querySelector('.shop-selector')).toBeNull();
  });
});

describe('shops (/super/admin/shops)', () => {
  it('lists every shop: No, name, email, phone, country, currency, with its reset-password link', async () => {
    const { container } = await open('/super/admin/shops');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'No', 'Name', 'Email', 'Phone', 'Country', 'Currency', 'Time zone', 'Actions',
    ]);
    expect(rows(container)[1]).toEqual(['2', 'Harbour Bakery', 'hello@harbour.example', '7798765', 'Maldives', 'MVR', 'Indian/Maldives', '']);
    expect(link(container, 'Reset password of Harbour Bakery').getAttribute('href')).toBe('/super/admin/shop/reset/password/shop-2');
    expect(container.textContent).toContain('3 shops');
    // The bar and the screen asked together: one request.
    expect(sent('GET /api/v1/super-admin/shops')).toHaveLength(1);
  });

  it('filters on name, email, country and currency, numbering what is shown', async () => {
    const { container } = await open('/super/admin/shops');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    typeInto(search, 'lkr');
    expect(rows(container).map((cells) => cells.slice(0, 2))).toEqual([['1', 'Lagoon Pharmacy']]);
    typeInto(search, 'HARBOUR.example');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Harbour Bakery']);
    typeInto(search, 'sri');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Lagoon Pharmacy']);
    typeInto(search, 'bakery');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Harbour Bakery']);
    // Not on phone: the search covers name, email, country and currency.
    typeInto(search, '7798765');
    expect(container.querySelector('tbody')?.textContent).toBe('No shop matches the search.');
  });

  it('edits name, email, country, currency and time zone in place, saved with Enter', async () => {
    const renamed = { ...harbourBakery, shopName: 'Harbour Cafe', currencyCode: 'USD', timeZone: 'Asia/Colombo' };
    server.answers['PUT /api/v1/super-admin/shops/shop-2'] = envelope(200, { data: renamed });
    const { container } = await open('/super/admin/shops');
    await waitFor(() => row(container, 'Harbour Bakery'));
    await click(button(container, 'Edit Harbour Bakery'));
    expect([...row(container, '2').querySelectorAll('input, select')].map((input) => input.getAttribute('aria-label'))).toEqual([
      'Shop name', 'Email', 'Country', 'Currency', 'Time zone',
    ]);
    // The time zone is chosen among the browser's IANA names, starting at the shop's own.
    const zone = row(container, '2').querySelector<HTMLSelectElement>('select[aria-label="Time zone"]')!;
    expect(zone.value).toBe('Indian/Maldives');
    const zones = [...zone.options].map((option) => option.value);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Colombo');
    typeInto(cellInput(container, 'Shop name'), ' Harbour Cafe ');
    typeInto(cellInput(container, 'Currency'), 'usd');
    await act(async () => {
      zone.value = 'Asia/Colombo';
      zone.dispatchEvent(new Event('change', { bubbles: true }));
    });
    press(cellInput(container, 'Currency'), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Shop data updated successfully!'));
    expect(sent('PUT /api/v1/super-admin/shops/shop-2')[0]?.body).toEqual({
      shopName: 'Harbour Cafe', email: 'hello@harbour.example', countryName: 'Maldives', currencyCode: 'USD', timeZone: 'Asia/Colombo',
    });
    expect(rows(container)[1]?.slice(1, 7)).toEqual(['Harbour Cafe', 'hello@harbour.example', '7798765', 'Maldives', 'USD', 'Asia/Colombo']);
    // The bar's selector shows the new name too.
    expect([...shopSelect(container).options].map((option) => option.textContent)).toContain('Harbour Cafe');
  });

  it('checks the edit before sending', async () => {
    const { container } = await open('/super/admin/shops');
    await waitFor(() => row(container, 'Harbour Bakery'));
    await click(button(container, 'Edit Harbour Bakery'));
    typeInto(cellInput(container, 'Email'), 'hello@harbour');
    typeInto(cellInput(container, 'Currency'), 'M1');
    press(cellInput(container, 'Email'), 'Enter');
    expect(fieldError(cellInput(container, 'Email'))).toBe('Invalid! email id!');
    expect(fieldError(cellInput(container, 'Currency'))).toBe('Currency code must be 3 letters, like MVR.');
    expect(sent('PUT /api/v1/super-admin/shops/shop-2')).toHaveLength(0);
  });

  it('on a refused save shows the server’s message (else SPEC’s) and keeps the edit open', async () => {
    server.answers['PUT /api/v1/super-admin/shops/shop-2'] = envelope(409, { message: 'A shop with this email already exists' });
    const { container } = await open('/super/admin/shops');
    await waitFor(() => row(container, 'Harbour Bakery'));
    await click(button(container, 'Edit Harbour Bakery'));
    typeInto(cellInput(container, 'Email'), 'owner@corner.example');
    press(cellInput(container, 'Email'), 'Enter');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('A shop with this email already exists'));
    expect(cellInput(container, 'Email').value).toBe('owner@corner.example');

    server.answers['PUT /api/v1/super-admin/shops/shop-2'] = envelope(500, 'Internal Server Error');
    press(cellInput(container, 'Email'), 'Enter');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update shop data!'));
  });

  it('says when the shops cannot be loaded, and tries again', async () => {
    server.answers['GET /api/v1/super-admin/shops'] = envelope(503, { message: 'Database unavailable' });
    const { container } = await open('/super/admin/shops');
    await waitFor(() => expect(container.querySelector('tbody')?.textContent).toContain('Database unavailable'));
    expect(notify.error).toHaveBeenCalledWith('Database unavailable');
    server.answers['GET /api/v1/super-admin/shops'] = envelope(200, { data: shops });
    await click(button(container, 'Try again'));
    await waitFor(() => expect(rows(container)).toHaveLength(3));
  });

  it('resets a shop’s password from its link: the rule first, then "Password reset successfully" and back', async () => {
    server.answers['PATCH /api/v1/super-admin/shops/shop-2'] = envelope(200, { data: null });
    const { container, pathname } = await open('/super/admin/shops');
    await waitFor(() => row(container, 'Harbour Bakery'));
    await click(link(container, 'Reset password of Harbour Bakery'));
    await waitFor(() => expect(pathname()).toBe('/super/admin/shop/reset/password/shop-2'));
    expect(container.querySelector('h1')?.textContent).toBe('Reset shop password');
    expect(container.textContent).toContain('Choose a new password for Harbour Bakery');
    const password = field(container, 'New password');
    expect(password.type).toBe('password');
    await click(button(container, 'Show password'));
    expect(password.type).toBe('text');
    typeInto(password, 'short');
    await click(button(container, 'Reset password'));
    expect(fieldError(password)).toBe('Password must be at least 8 characters long and include at least one number.');
    expect(sent('PATCH /api/v1/super-admin/shops/shop-2')).toHaveLength(0);
    typeInto(password, 'harbour123');
    await click(button(container, 'Reset password'));
    await waitFor(() => expect(pathname()).toBe('/super/admin/shops'));
    expect(sent('PATCH /api/v1/super-admin/shops/shop-2')[0]?.body).toEqual({ password: 'harbour123' });
    expect(notify.success).toHaveBeenCalledWith('Password reset successfully');
  });

  it('a failed reset says "Failed reset password!" and stays', async () => {
    server.answers['PATCH /api/v1/super-admin/shops/shop-2'] = envelope(500, {});
    const { container, pathname } = await open('/super/admin/shop/reset/password/shop-2');
    await waitFor(() => expect(container.textContent).toContain('Harbour Bakery'));
    typeInto(field(container, 'New password'), 'harbour123');
    await click(button(container, 'Reset password'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Failed reset password!'));
    expect(notify.error).toHaveBeenCalledWith('Failed reset password!');
    expect(pathname()).toBe('/super/admin/shop/reset/password/shop-2');
  });
});

describe('create shop (/super/admin/create/shop)', () => {
  const fill = (container: HTMLElement) => {
    typeInto(field(container, 'Shop name'), ' Reef Hardware ');
    typeInto(field(container, 'Email'), 'reef@hardware.example');
    typeInto(field(container, 'Phone number'), '7711223');
    typeInto(field(container, 'Country name'), 'maldives');
    typeInto(field(container, 'Currency code'), 'mvr');
    typeInto(field(container, 'Password'), 'hardware1');
  };

  it('asks for shop name, email, phone number, country name, currency code and password, checked before sending', async () => {
    const { container } = await open('/super/admin/create/shop');
    await waitFor(() => field(container, 'Shop name'));
    expect(field(container, 'Phone number').maxLength).toBe('+960 7771234567'.length);
    expect(field(container, 'Password').type).toBe('password');
    typeInto(field(container, 'Email'), 'reef@hardware');
    await click(button(container, 'Create shop'));
    expect(fieldError(field(container, 'Shop name'))).toBe('Enter the shop name.');
    expect(fieldError(field(container, 'Email'))).toBe('Invalid! email id!');
    expect(fieldError(field(container, 'Phone number'))).toBe('Enter the mobile number.');
    expect(fieldError(field(container, 'Password'))).toBe('Enter a password.');
    expect(document.activeElement).toBe(field(container, 'Shop name'));
    typeInto(field(container, 'Phone number'), '+91 98765');
    await click(button(container, 'Create shop'));
    expect(fieldError(field(container, 'Phone number'))).toBe('Invalid mobile number!');
    expect(sent('POST /api/v1/super-admin/shops')).toHaveLength(0);
  });

  it('takes a phone number with a country code, sent as typed for the server to store in one form', async () => {
    const reef = { ...cornerGrocery, _id: 'shop-9', shopName: 'Reef Hardware', phoneNumber: '+960 7771234567' };
    server.answers['POST /api/v1/super-admin/shops'] = envelope(201, { data: reef });
    const { container } = await open('/super/admin/create/shop');
    await waitFor(() => field(container, 'Shop name'));
    fill(container);
    typeInto(field(container, 'Phone number'), '960-7771234567');
    await click(button(container, 'Create shop'));
    await waitFor(() => expect(container.textContent).toContain('Reef Hardware is ready'));
    expect(sent('POST /api/v1/super-admin/shops')[0]?.body).toMatchObject({ phoneNumber: '960-7771234567' });
    expect(container.textContent).toContain('+960 7771234567');
  });

  it('creates the shop: "Shop created successfully", the new shop shown and in the bar', async () => {
    const reef = { ...cornerGrocery, _id: 'shop-9', shopName: 'Reef Hardware', email: 'reef@hardware.example', phoneNumber: '7711223' };
    server.answers['POST /api/v1/super-admin/shops'] = envelope(201, { data: reef });
    const { container, pathname } = await open('/super/admin/create/shop');
    await waitFor(() => field(container, 'Shop name'));
    fill(container);
    expect(field(container, 'Currency code').value).toBe('MVR');
    await click(button(container, 'Create shop'));
    await waitFor(() => expect(container.textContent).toContain('Reef Hardware is ready'));
    expect(sent('POST /api/v1/super-admin/shops')[0]?.body).toEqual({
      shopName: 'Reef Hardware', email: 'reef@hardware.example', phoneNumber: '7711223', countryName: 'maldives',
      currencyCode: 'MVR', password: 'hardware1',
    });
    expect(notify.success).toHaveBeenCalledWith('Shop created successfully');
    await waitFor(() => expect([...shopSelect(container).options].map((o) => o.textContent)).toContain('Reef Hardware'));
    await click(button(container, 'Add its first employee'));
    await waitFor(() => expect(pathname()).toBe('/super/admin/create/staff'));
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-9');
  });

  it('on failure shows the server’s message (else "Failed to create shop!.") and clears the staff session', async () => {
    useAuthStore.getState().setStaff(benStaff);
    server.answers['POST /api/v1/super-admin/shops'] = envelope(409, { message: 'A shop with this email already exists' });
    const { container } = await open('/super/admin/create/shop');
    await waitFor(() => field(container, 'Shop name'));
    fill(container);
    await click(button(container, 'Create shop'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('A shop with this email already exists'));
    expect(notify.error).toHaveBeenCalledWith('A shop with this email already exists');
    expect(useAuthStore.getState().staffData).toBeNull();
    server.answers['POST /api/v1/super-admin/shops'] = envelope(500, 'oops');
    await click(button(container, 'Create shop'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to create shop!.'));
  });
});

describe('employees (/super/admin/staffs)', () => {
  it('lists the selected shop’s people: No, name, ID, role, email, mobile, with permissions and reset links', async () => {
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect(sent('GET /api/v1/super-admin/employees?shop=shop-1')).toHaveLength(1);
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'No', 'Name', 'ID', 'Role', 'Email', 'Mobile', 'Actions',
    ]);
    expect(rows(container).map((cells) => cells.slice(0, 6))).toEqual([
      ['1', 'Aisha', 'S000001', 'Admin', 'aisha@corner.example', '7712345'],
      ['2', 'Ben', 'S000002', 'Staff', 'ben@corner.example', '7723456'],
      ['3', 'Chen', 'S000003', 'Staff', 'chen@corner.example', '7734567'],
    ]);
    expect(container.textContent).toContain('3 employees of Corner Grocery');
    expect(link(container, 'Permissions of Ben').getAttribute('href')).toBe('/super/admin/permissions/S000002');
    expect(link(container, 'Reset password of Ben').getAttribute('href')).toBe('/super/admin/employee/reset/password/S000002');
    // The super admin may delete an admin too.
    button(container, 'Delete Aisha');
  });

  it('follows the shop chosen in the bar', async () => {
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    await choose(shopSelect(container), 'shop-2');
    await waitFor(() => expect(rows(container).map((cells) => cells[1])).toEqual(['Dina']));
    expect(container.textContent).toContain('1 employee of Harbour Bakery');
  });

  it('searches on name, email and phone', async () => {
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    typeInto(search, 'chen');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Chen']);
    typeInto(search, 'ben@');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Ben']);
    typeInto(search, '77345');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Chen']);
    typeInto(search, 'S000002');
    expect(container.querySelector('tbody')?.textContent).toBe('No one matches the search.');
  });

  it('edits name, email and mobile in place', async () => {
    server.answers['PUT /api/v1/super-admin/employees/S000002'] = envelope(200, { data: { ...benStaff, userName: 'Benjamin', phoneNumber: '7799999' } });
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => row(container, 'Ben'));
    await click(button(container, 'Edit Ben'));
    expect(cellInput(container, 'Mobile').maxLength).toBe('+960 7771234567'.length);
    typeInto(cellInput(container, 'Name'), 'Benjamin');
    typeInto(cellInput(container, 'Mobile'), '7799999');
    await click(button(container, 'Save Ben'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff updated successfully!'));
    expect(sent('PUT /api/v1/super-admin/employees/S000002')[0]?.body).toEqual({
      userName: 'Benjamin', email: 'ben@corner.example', phoneNumber: '7799999',
    });
    expect(rows(container)[1]?.slice(1, 6)).toEqual(['Benjamin', 'S000002', 'Staff', 'ben@corner.example', '7799999']);
  });

  it('checks the edit with SPEC’s rules, and shows "Failed to update staff!" when the server says nothing', async () => {
    server.answers['PUT /api/v1/super-admin/employees/S000002'] = envelope(500, {});
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => row(container, 'Ben'));
    await click(button(container, 'Edit Ben'));
    typeInto(cellInput(container, 'Name'), 'B');
    typeInto(cellInput(container, 'Mobile'), '77');
    press(cellInput(container, 'Name'), 'Enter');
    expect(fieldError(cellInput(container, 'Name'))).toBe('Invalid name!');
    expect(fieldError(cellInput(container, 'Mobile'))).toBe('Invalid mobile number!');
    typeInto(cellInput(container, 'Name'), 'Benny');
    typeInto(cellInput(container, 'Mobile'), '+91 9876543210');
    press(cellInput(container, 'Name'), 'Enter');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update staff!'));
    expect(cellInput(container, 'Name').value).toBe('Benny');
  });

  it('deletes only after "Do you want to delete this staff?" is answered Ok', async () => {
    server.answers['DELETE /api/v1/super-admin/employee/S000003/delete'] = envelope(200, { data: null });
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => row(container, 'Chen'));
    await click(button(container, 'Delete Chen'));
    expect(openDialog()?.textContent).toContain('Do you want to delete this staff?');
    expect(openDialog()?.textContent).toContain('Chen · S000003');
    await click(button(openDialog()!, 'Cancel'));
    expect(openDialog()).toBeNull();
    expect(sent('DELETE /api/v1/super-admin/employee/S000003/delete')).toHaveLength(0);

    button(container, 'Delete Chen').focus();
    await click(button(container, 'Delete Chen'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff deleted successfully!'));
    expect(openDialog()).toBeNull();
    expect(rows(container).map((cells) => cells[1])).toEqual(['Aisha', 'Ben']);
    expect(rows(container).map((cells) => cells[0])).toEqual(['1', '2']);
    // The row's Delete button is gone: focus goes to the table, not lost to the page.
    expect(document.activeElement).toBe(container.querySelector('[role="region"]'));
  });

  it('keeps the row when the delete fails: "Failed to delete staff."', async () => {
    server.answers['DELETE /api/v1/super-admin/employee/S000003/delete'] = envelope(500, '');
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => row(container, 'Chen'));
    await click(button(container, 'Delete Chen'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to delete staff.'));
    expect(openDialog()).toBeNull();
    row(container, 'Chen');
  });

  it('says when the shop has no employees, and when the list cannot be loaded', async () => {
    server.answers['GET /api/v1/super-admin/employees?shop=shop-1'] = envelope(200, { data: [] });
    server.answers['GET /api/v1/super-admin/employees?shop=shop-2'] = envelope(500, {});
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => expect(container.querySelector('tbody')?.textContent).toBe('This shop has no employees yet.'));
    await choose(shopSelect(container), 'shop-2');
    await waitFor(() => expect(container.querySelector('tbody')?.textContent).toContain('Failed to fetch staff!'));
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch staff!');
  });

  it('points to Create Shop when there are no shops', async () => {
    server.answers['GET /api/v1/super-admin/shops'] = envelope(200, { data: [] });
    const { container } = await open('/super/admin/staffs');
    await waitFor(() => expect(container.textContent).toContain('There are no shops yet.'));
    expect(link(container, 'Create a shop').getAttribute('href')).toBe('/super/admin/create/shop');
    expect(sent('GET /api/v1/super-admin/employees?shop=')).toHaveLength(0);
  });

  it('clears its search when left, so the next screen starts unfiltered', async () => {
    const { container, router } = await open('/super/admin/staffs');
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    typeInto(container.querySelector<HTMLInputElement>('input[type="search"]')!, 'chen');
    expect(useSearchStore.getState().searchText).toBe('chen');
    const { act } = await import('react');
    await act(() => router.navigate('/super/admin/shops'));
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect(useSearchStore.getState().searchText).toBe('');
  });
});

describe('create employee (/super/admin/create/staff)', () => {
  async function openForm() {
    const view = await open('/super/admin/create/staff');
    const shopField = () => view.container.querySelector<HTMLSelectElement>('select[name="shopId"]')!;
    await waitFor(() => expect(shopField().options.length).toBe(4));
    return { ...view, shopField };
  }

  function fill(container: HTMLElement, confirm = 'counter123') {
    typeInto(field(container, 'Full name'), 'Farah');
    typeInto(field(container, 'Email'), 'farah@corner.example');
    typeInto(field(container, 'Mobile'), '7742424');
    typeInto(field(container, 'Password'), 'counter123');
    typeInto(field(container, 'Confirm password'), confirm);
  }

  it('asks for full name, email, mobile, shop (the bar’s), password twice and role (staff by default)', async () => {
    const { container, shopField } = await openForm();
    expect(field(container, 'Mobile').maxLength).toBe('+960 7771234567'.length);
    expect(shopField().value).toBe('shop-1');
    const roles = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(roles.map((radio) => [radio.value, radio.checked])).toEqual([['staff', true], ['admin', false]]);
    expect(container.querySelector('fieldset legend')?.textContent).toBe('Role');
  });

  it('checks the password confirmation (and SPEC’s rules) before sending', async () => {
    const { container } = await openForm();
    fill(container, 'counter124');
    typeInto(field(container, 'Full name'), 'F');
    await click(button(container, 'Create employee'));
    expect(fieldError(field(container, 'Confirm password'))).toBe('The passwords do not match.');
    expect(fieldError(field(container, 'Full name'))).toBe('Invalid name!');
    expect(document.activeElement).toBe(field(container, 'Full name'));
    expect(sent('POST /api/v1/super-admin/employees')).toHaveLength(0);
  });

  it('creates an admin of the chosen shop: "Employee created successfully" and the new staff ID', async () => {
    const farah = { ...benStaff, _id: 'user-42', staffId: 'S000042', userName: 'Farah', role: 'admin', shopId: 'shop-2', shopName: 'Harbour Bakery' };
    server.answers['POST /api/v1/super-admin/employees'] = envelope(201, { data: farah });
    const { container, shopField, pathname } = await openForm();
    fill(container);
    typeInto(field(container, 'Mobile'), '+91 9876543210');
    await choose(shopField(), 'shop-2');
    await click(container.querySelector<HTMLInputElement>('input[type="radio"][value="admin"]')!);
    await click(button(container, 'Create employee'));
    await waitFor(() => expect(container.textContent).toContain('Farah can sign in now'));
    expect(sent('POST /api/v1/super-admin/employees')[0]?.body).toEqual({
      userName: 'Farah', email: 'farah@corner.example', phoneNumber: '+91 9876543210', password: 'counter123',
      confirmPassword: 'counter123', shopId: 'shop-2', role: 'admin',
    });
    expect(notify.success).toHaveBeenCalledWith('Employee created successfully');
    expect(container.querySelector('.created-panel__highlight')?.textContent).toBe('Staff IDS000042');
    await click(button(container, 'View employees'));
    await waitFor(() => expect(pathname()).toBe('/super/admin/staffs'));
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-2');
  });

  it('on failure shows the server’s message (else "Failed to create staff!.") and clears the staff session', async () => {
    useAuthStore.getState().setStaff(benStaff);
    server.answers['POST /api/v1/super-admin/employees'] = envelope(409, { message: 'Phone number is already used by another account' });
    const { container } = await openForm();
    fill(container);
    await click(button(container, 'Create employee'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('Phone number is already used by another account'));
    expect(useAuthStore.getState().staffData).toBeNull();
    server.answers['POST /api/v1/super-admin/employees'] = envelope(500, '');
    await click(button(container, 'Create employee'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to create staff!.'));
  });
});

describe('permissions (/super/admin/permissions/:id)', () => {
  const ben = { ...benStaff, permissions: ['product_read'] };
  const toggle = (container: HTMLElement, name: string) => container.querySelector<HTMLButtonElement>(`[role="switch"][aria-label="${name}"]`)!;

  it('shows the person’s permissions in the grid ("Permissions fetched successfully")', async () => {
    server.answers['GET /api/v1/super-admin/staff/S000002'] = envelope(200, { data: ben });
    const { container } = await open('/super/admin/permissions/S000002');
    await waitFor(() => expect(toggle(container, 'Product read')?.getAttribute('aria-checked')).toBe('true'));
    expect(container.querySelectorAll('[role="switch"][aria-checked="true"]')).toHaveLength(1);
    expect(container.textContent).toContain('Ben · S000002 · Staff');
    expect(notify.success).toHaveBeenCalledWith('Permissions fetched successfully');
    expect(link(container, 'Employees').getAttribute('href')).toBe('/super/admin/staffs');
  });

  it('grants at once while the PATCH runs, then "Permission updated"', async () => {
    server.answers['GET /api/v1/super-admin/staff/S000002'] = envelope(200, { data: ben });
    const grant = server.deferred(envelope(200, { data: { permissions: ['product_read', 'category_create'] } }));
    server.answers['PATCH /api/v1/super-admin/staff/S000002/permissions'] = grant.answer;
    const { container } = await open('/super/admin/permissions/S000002');
    await waitFor(() => toggle(container, 'Category create'));
    await click(toggle(container, 'Category create'));
    expect(toggle(container, 'Category create').getAttribute('aria-checked')).toBe('true');
    expect(toggle(container, 'Category create').getAttribute('aria-busy')).toBe('true');
    expect(sent('PATCH /api/v1/super-admin/staff/S000002/permissions')[0]?.body).toEqual({ permission: 'category_create' });
    grant.release();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Permission updated'));
    expect(toggle(container, 'Category create').getAttribute('aria-checked')).toBe('true');
    expect(toggle(container, 'Category create').getAttribute('aria-busy')).toBeNull();
  });

  it('revokes a granted one with DELETE', async () => {
    server.answers['GET /api/v1/super-admin/staff/S000002'] = envelope(200, { data: ben });
    server.answers['DELETE /api/v1/super-admin/staff/S000002/permissions'] = envelope(200, { data: { permissions: [] } });
    const { container } = await open('/super/admin/permissions/S000002');
    await waitFor(() => toggle(container, 'Product read'));
    await click(toggle(container, 'Product read'));
    expect(toggle(container, 'Product read').getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Permission updated'));
    expect(sent('DELETE /api/v1/super-admin/staff/S000002/permissions')[0]?.body).toEqual({ permission: 'product_read' });
    expect(toggle(container, 'Product read').getAttribute('aria-checked')).toBe('false');
  });

  it('puts the switch back when the change fails, saying why (else "Failed to update permission!")', async () => {
    server.answers['GET /api/v1/super-admin/staff/S000002'] = envelope(200, { data: ben });
    const refused = server.deferred(envelope(500, {}));
    server.answers['PATCH /api/v1/super-admin/staff/S000002/permissions'] = refused.answer;
    const { container } = await open('/super/admin/permissions/S000002');
    await waitFor(() => toggle(container, 'Customer update'));
    await click(toggle(container, 'Customer update'));
    expect(toggle(container, 'Customer update').getAttribute('aria-checked')).toBe('true');
    refused.release();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update permission!'));
    expect(toggle(container, 'Customer update').getAttribute('aria-checked')).toBe('false');
  });

  it('settles each switch by its own answer when two are flipped quickly', async () => {
    server.answers['GET /api/v1/super-admin/staff/S000002'] = envelope(200, { data: ben });
    const first = server.deferred(envelope(200, { data: { permissions: ['product_read', 'category_read'] } }));
    const second = server.deferred(envelope(200, { data: { permissions: ['product_read', 'customer_read'] } }));
    let calls = 0;
    server.answers['PATCH /api/v1/super-admin/staff/S000002/permissions'] = () => (++calls === 1 ? first.answer() : second.answer());
    const { container } = await open('/super/admin/permissions/S000002');
    await waitFor(() => toggle(container, 'Category read'));
    await click(toggle(container, 'Category read'));
    await click(toggle(container, 'Customer read'));
    // The second answer arrives first and does not know about the first grant.
    second.release();
    await waitFor(() => expect(toggle(container, 'Customer read').getAttribute('aria-busy')).toBeNull());
    first.release();
    await waitFor(() => expect(toggle(container, 'Category read').getAttribute('aria-busy')).toBeNull());
    expect(toggle(container, 'Category read').getAttribute('aria-checked')).toBe('true');
    expect(toggle(container, 'Customer read').getAttribute('aria-checked')).toBe('true');
  });

  it('says "Failed to fetch permissions!" when the person cannot be read, with a retry', async () => {
    server.answers['GET /api/v1/super-admin/staff/S000002'] = envelope(500, {});
    const { container } = await open('/super/admin/permissions/S000002');
    await waitFor(() => expect(container.textContent).toContain('Failed to fetch permissions!'));
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch permissions!');
    server.answers['GET /api/v1/super-admin/staff/S000002'] = envelope(200, { data: ben });
    await click(button(container, 'Try again'));
    // The twelve of the grid and the three shift grants.
    await waitFor(() => expect(container.querySelectorAll('.permission-grid [role="switch"]')).toHaveLength(12));
    const shiftGroup = [...container.querySelectorAll('.permission-group')].find((group) => group.querySelector('h2')?.textContent === 'Shifts')!;
    expect(shiftGroup.querySelectorAll('[role="switch"]')).toHaveLength(3);
  });
});

describe('employee password reset (/super/admin/employee/reset/password/:employeeId)', () => {
  it('names the person from the row, resets, and goes back to the employees', async () => {
    server.answers['PATCH /api/v1/super-admin/employees/S000002/password'] = envelope(200, { data: null });
    const { container, pathname } = await open('/super/admin/staffs');
    await waitFor(() => row(container, 'Ben'));
    await click(link(container, 'Reset password of Ben'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Reset employee password'));
    expect(container.textContent).toContain('Choose a new password for Ben');
    typeInto(field(container, 'New password'), 'counter123');
    await click(button(container, 'Reset password'));
    await waitFor(() => expect(pathname()).toBe('/super/admin/staffs'));
    expect(sent('PATCH /api/v1/super-admin/employees/S000002/password')[0]?.body).toEqual({ password: 'counter123' });
    expect(notify.success).toHaveBeenCalledWith('Password reset successfully');
  });
});
