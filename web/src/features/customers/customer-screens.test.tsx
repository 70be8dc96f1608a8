// @vitest-environment happy-dom
/** The customer screens as a user meets them in both shop areas: the real route table, a stubbed server. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import type { Permission } from '../../config/permissions';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { searchDefaults, useSearchStore } from '../../stores/search-store';
import { loadCore } from '../../test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '../../test/identity-fixtures';
import { button, click, envelope, field, press, renderRoutes, typeInto, waitFor } from '../../test/render';
import { cellInput, fieldError, link, openDialog, row, rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import { aishaCustomer, aishaWithInvoices, customers, hassanCustomer } from '../../test/customer-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

const sent = (key: string) => server.requests().filter((request) => request.key === key);

function signIn(area: 'admin' | 'staff', permissions: Permission[]) {
  const user = area === 'admin' ? aishaAdmin : benStaff;
  server.answers[`GET /api/v1/${area}/check-logged`] = envelope(200, { data: { ...user, permissions } });
}

async function open(path: string) {
  view = await renderRoutes(routes, path);
  return view;
}

/** Opens the customers table and waits for its rows. */
async function openCustomers(path = '/admin/customer/view') {
  const opened = await open(path);
  await waitFor(() => expect(rows(opened.container)).toHaveLength(3));
  return opened;
}

const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent);

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSearchStore.setState(searchDefaults);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/customer'] = envelope(200, { data: customers });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('customers (/admin/customer/view)', () => {
  it('lists the customers with their points and the amount in the shop’s currency, each name linked to its invoices', async () => {
    signIn('admin', ['customer_read', 'customer_update', 'customer_delete']);
    const { container } = await openCustomers();
    expect(headers(container)).toEqual(['No', 'Name', 'Phone', 'Email', 'Loyalty points', 'Point amount', 'Action']);
    expect(rows(container)[0]).toEqual(['1', 'Aisha Ali', '7771234', 'aisha@mail.example', '12.50', 'MVR 12.50', '']);
    expect(rows(container)[1]?.slice(3, 6)).toEqual(['—', '0.00', 'MVR 0.00']);
    expect(rows(container)[2]?.slice(4, 6)).toEqual(['1,520.75', 'MVR 1,520.75']);
    expect(link(container, 'Invoices of Aisha Ali').getAttribute('href')).toBe('/admin/customer/view/invoice/c-1');
    expect(container.textContent).toContain('3 customers');
    // Fixed height with its own scrolling, as every table.
    expect(container.querySelector('.data-table[role="region"]')).not.toBeNull();
  });

  it('has no Action column without customer_update or customer_delete, and no Add customer without customer_create', async () => {
    signIn('admin', ['customer_read']);
    const { container } = await openCustomers();
    expect(headers(container)).not.toContain('Action');
    expect(rows(container)[0]).toHaveLength(6);
    expect(container.querySelectorAll('tbody button')).toHaveLength(0);
    link(container, 'Invoices of Aisha Ali');
    expect(() => link(container, 'Add customer')).toThrow();
  });

  it('offers Edit only with customer_update', async () => {
    signIn('admin', ['customer_read', 'customer_update']);
    const { container } = await openCustomers();
    expect(headers(container)).toContain('Action');
    button(container, 'Edit Aisha Ali');
    expect(() => button(container, 'Delete Aisha Ali')).toThrow();
  });

  it('offers Delete only with customer_delete', async () => {
    signIn('admin', ['customer_read', 'customer_delete', 'customer_create']);
    const { container } = await openCustomers();
    expect(headers(container)).toContain('Action');
    button(container, 'Delete Aisha Ali');
    expect(() => button(container, 'Edit Aisha Ali')).toThrow();
    expect(link(container, 'Add customer').getAttribute('href')).toBe('/admin/customer/add');
  });

  it('edits a customer in place and says so', async () => {
    signIn('admin', ['customer_read', 'customer_update']);
    const changed = { ...aishaCustomer, customerName: 'Aisha Ahmed', phoneNumber: '7779999', email: '' };
    server.answers['PUT /api/v1/customer/c-1'] = envelope(200, { data: changed });
    const { container } = await openCustomers();
    await click(button(container, 'Edit Aisha Ali'));
    expect(cellInput(container, 'Phone').maxLength).toBe(7);
    expect(cellInput(container, 'Phone').inputMode).toBe('numeric');
    typeInto(cellInput(container, 'Name'), ' Aisha Ahmed ');
    typeInto(cellInput(container, 'Phone'), '7779999');
    typeInto(cellInput(container, 'Email'), '');
    await click(button(container, 'Save Aisha Ali'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Customer updated successfully!'));
    expect(sent('PUT /api/v1/customer/c-1')[0]?.body).toEqual({ customerName: 'Aisha Ahmed', phoneNumber: '7779999', email: '' });
    expect(rows(container)[0]?.slice(1, 4)).toEqual(['Aisha Ahmed', '7779999', '—']);
  });

  it('checks the phone number and email with the core’s rules before sending', async () => {
    signIn('admin', ['customer_read', 'customer_update']);
    const { container } = await openCustomers();
    await click(button(container, 'Edit Aisha Ali'));
    typeInto(cellInput(container, 'Name'), '  ');
    typeInto(cellInput(container, 'Phone'), '77712');
    typeInto(cellInput(container, 'Email'), 'aisha@');
    press(cellInput(container, 'Phone'), 'Enter');
    expect(fieldError(cellInput(container, 'Name'))).toBe('Customer name is required');
    expect(fieldError(cellInput(container, 'Phone'))).toBe('Phone number must be exactly 7 digits');
    expect(fieldError(cellInput(container, 'Email'))).toBe('Invalid! email id!');
    expect(sent('PUT /api/v1/customer/c-1')).toHaveLength(0);
  });

  it('keeps the row in edit and shows the server’s refusal', async () => {
    signIn('admin', ['customer_read', 'customer_update']);
    server.answers['PUT /api/v1/customer/c-1'] = envelope(409, { message: 'A customer with phone number 7785555 already exists' });
    const { container } = await openCustomers();
    await click(button(container, 'Edit Aisha Ali'));
    typeInto(cellInput(container, 'Phone'), '7785555');
    await click(button(container, 'Save Aisha Ali'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('A customer with phone number 7785555 already exists'));
    expect(cellInput(container, 'Phone').value).toBe('7785555');
  });

  it('deletes a customer only after SPEC’s confirmation', async () => {
    signIn('admin', ['customer_read', 'customer_delete']);
    server.answers['DELETE /api/v1/customer/c-2'] = envelope(200, { data: null });
    const { container } = await openCustomers();
    await click(button(container, 'Delete Hassan Naseer'));
    expect(openDialog()?.textContent).toContain('Do you want to delete this customer?');
    expect(openDialog()?.textContent).toContain('Hassan Naseer · 7785555');
    await click(button(openDialog()!, 'Cancel'));
    expect(openDialog()).toBeNull();
    expect(sent('DELETE /api/v1/customer/c-2')).toHaveLength(0);

    await click(button(container, 'Delete Hassan Naseer'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(rows(container).map((cells) => cells[1])).toEqual(['Aisha Ali', 'Mariyam Zahir']));
    expect(notify.success).toHaveBeenCalledWith('Customer deleted successfully!');
  });

  it('keeps a customer the server would not delete, saying why', async () => {
    signIn('admin', ['customer_read', 'customer_delete']);
    server.answers['DELETE /api/v1/customer/c-2'] = envelope(500, '');
    const { container } = await openCustomers();
    await click(button(container, 'Delete Hassan Naseer'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to delete customer.'));
    row(container, 'Hassan Naseer');
  });

  it('filters by the search text on name, phone and email, and forgets it on leaving', async () => {
    signIn('admin', ['customer_read']);
    const { container, router } = await openCustomers();
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    typeInto(search, '7785');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Hassan Naseer']);
    expect(container.textContent).toContain('1 of 3 customers');
    typeInto(search, 'reef');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Mariyam Zahir']);
    typeInto(search, 'aisha');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Aisha Ali']);
    typeInto(search, 'nobody');
    expect(container.querySelector('tbody')?.textContent).toBe('No customer matches the search.');
    await click(link(container, 'Dashboard'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(useSearchStore.getState().searchText).toBe('');
  });

  it('says so when the list cannot be loaded, with a retry', async () => {
    signIn('admin', ['customer_read']);
    server.answers['GET /api/v1/customer'] = envelope(500, '');
    const { container } = await open('/admin/customer/view');
    await waitFor(() => expect(container.querySelector('tbody')?.textContent).toContain('Failed to fetch customers!'));
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch customers!');
    server.answers['GET /api/v1/customer'] = envelope(200, { data: customers });
    await click(button(container, 'Try again'));
    await waitFor(() => expect(rows(container)).toHaveLength(3));
  });

  it('reads the staff member’s permissions and links within the staff area', async () => {
    signIn('staff', ['customer_read', 'customer_update']);
    const { container } = await openCustomers('/staff/customer/view');
    button(container, 'Edit Aisha Ali');
    expect(() => button(container, 'Delete Aisha Ali')).toThrow();
    expect(link(container, 'Invoices of Aisha Ali').getAttribute('href')).toBe('/staff/customer/view/invoice/c-1');
  });
});

describe('add customer (/admin/customer/add)', () => {
  beforeEach(() => signIn('admin', ['customer_read', 'customer_create']));

  async function openForm(path = '/admin/customer/add') {
    const opened = await open(path);
    await waitFor(() => field(opened.container, 'Customer name'));
    return opened;
  }

  it('offers a 7-character phone input with a numeric keypad and an optional email', async () => {
    const { container } = await openForm();
    expect(field(container, 'Phone number').maxLength).toBe(7);
    expect(field(container, 'Phone number').inputMode).toBe('numeric');
    expect(field(container, 'Phone number').type).toBe('tel');
    expect(field(container, 'Email (optional)').required).toBe(false);
  });

  it('shows each mistake beside its field, focuses the first and sends nothing', async () => {
    const { container } = await openForm();
    typeInto(field(container, 'Phone number'), '77a');
    typeInto(field(container, 'Email (optional)'), 'not-an-email');
    await click(button(container, 'Add customer'));
    expect(fieldError(field(container, 'Customer name'))).toBe('Customer name is required');
    expect(fieldError(field(container, 'Phone number'))).toBe('Phone number must be exactly 7 digits');
    expect(fieldError(field(container, 'Email (optional)'))).toBe('Invalid! email id!');
    expect(document.activeElement).toBe(field(container, 'Customer name'));
    expect(sent('POST /api/v1/customer/create')).toHaveLength(0);
    typeInto(field(container, 'Customer name'), 'Hassan');
    expect(fieldError(field(container, 'Customer name'))).toBeNull();
  });

  it('adds a customer: "Customer added successfully!" and what was added', async () => {
    server.answers['POST /api/v1/customer/create'] = envelope(201, { data: hassanCustomer });
    const { container, pathname } = await openForm();
    typeInto(field(container, 'Customer name'), ' Hassan Naseer ');
    typeInto(field(container, 'Phone number'), '7785555');
    await click(button(container, 'Add customer'));
    await waitFor(() => expect(container.textContent).toContain('Hassan Naseer was added'));
    expect(sent('POST /api/v1/customer/create')[0]?.body).toEqual({ customerName: 'Hassan Naseer', phoneNumber: '7785555', email: '' });
    expect(notify.success).toHaveBeenCalledWith('Customer added successfully!');
    expect(link(container, 'View customers').getAttribute('href')).toBe('/admin/customer/view');
    await click(button(container, 'Add another'));
    expect(field(container, 'Customer name').value).toBe('');
    expect(field(container, 'Phone number').value).toBe('');
    expect(pathname()).toBe('/admin/customer/add');
  });

  it('shows the server’s refusal as a toast and above the button, and keeps the session', async () => {
    server.answers['POST /api/v1/customer/create'] = envelope(409, { message: 'A customer with phone number 7771234 already exists' });
    const { container } = await openForm();
    typeInto(field(container, 'Customer name'), 'Aisha Ali');
    typeInto(field(container, 'Phone number'), '7771234');
    typeInto(field(container, 'Email (optional)'), 'aisha@mail.example');
    await click(button(container, 'Add customer'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('A customer with phone number 7771234 already exists'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('A customer with phone number 7771234 already exists');
    expect(useAuthStore.getState().adminData).not.toBeNull();
    expect(field(container, 'Customer name').value).toBe('Aisha Ali');
  });

  it('falls back to "Failed to add new customer!"', async () => {
    server.answers['POST /api/v1/customer/create'] = envelope(502, '');
    const { container } = await openForm();
    typeInto(field(container, 'Customer name'), 'Aisha Ali');
    typeInto(field(container, 'Phone number'), '7771234');
    await click(button(container, 'Add customer'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add new customer!'));
  });

  it('prefills the phone number from ?phone= (the cart’s lookup that found no one), digits only', async () => {
    signIn('staff', ['customer_create']);
    const { container } = await openForm('/staff/customer/add?phone=7798765');
    expect(field(container, 'Phone number').value).toBe('7798765');
    view?.unmount();
    const again = await openForm('/admin/customer/add?phone=%2B96077123456');
    expect(field(again.container, 'Phone number').value).toBe('9607712');
  });
});

describe('one customer’s invoices (/admin/customer/view/invoice/:id)', () => {
  beforeEach(() => signIn('admin', ['customer_read']));

  it('shows the customer’s details and invoices, newest first, in the shop’s time zone', async () => {
    server.answers['GET /api/v1/customer/c-1'] = envelope(200, { data: aishaWithInvoices });
    const { container } = await open('/admin/customer/view/invoice/c-1');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Aisha Ali'));
    const details = [...container.querySelectorAll('.customer-details__item')].map((item) => [
      item.querySelector('dt')?.textContent,
      item.querySelector('dd')?.textContent,
    ]);
    expect(details).toEqual([
      ['Name', 'Aisha Ali'],
      ['Phone', '7771234'],
      ['Email', 'aisha@mail.example'],
      ['Loyalty points', '12.50'],
      ['Point amount', 'MVR 12.50'],
    ]);
    expect(headers(container)).toEqual([
      'Invoice no', 'Date', 'Status', 'Payment method', 'Sub total (MVR)', 'Discount (MVR)', 'Total (MVR)', 'Refunded (MVR)', 'Staff',
      // Then the store credit ledger's.
      'Date', 'Kind', 'Amount (MVR)', 'Note',
    ]);
    // Corner Grocery is in Indian/Maldives (UTC+5).
    // The invoices come first, then the store credit ledger.
    const invoicesTable = () => container.querySelector('table')!;
    await waitFor(() =>
      expect(rows(invoicesTable())).toEqual([
        ['INV-000042', 'Mar 5, 2025, 5:30 PM', 'Paid', 'Swipe', '250.00', '12.50', '237.50', '0.00', 'Ben'],
        ['INV-000041', 'Mar 1, 2025, 9:05 AM', 'Refunded', 'Cash', '1,200.10', '0.00', '1,200.10', '1,200.10', 'Aisha'],
      ]),
    );
    expect(link(container, 'Customers').getAttribute('href')).toBe('/admin/customer/view');
  });

  it('says when the customer has no invoices yet', async () => {
    server.answers['GET /api/v1/customer/c-2'] = envelope(200, { data: { ...hassanCustomer, invoices: [] } });
    const { container } = await open('/admin/customer/view/invoice/c-2');
    await waitFor(() => expect(container.querySelector('tbody')?.textContent).toBe('This customer has no invoices yet.'));
    expect(container.textContent).toContain('0 invoices');
  });

  it('says plainly that a customer the shop does not have was not found', async () => {
    server.answers['GET /api/v1/customer/c-9'] = envelope(404, { message: 'Customer not found' });
    const { container } = await open('/admin/customer/view/invoice/c-9');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Customer not found'));
    expect(container.textContent).toContain('This shop has no such customer.');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('toasts "Failed to fetch customer invoice" on a failure, and retries', async () => {
    server.answers['GET /api/v1/customer/c-1'] = envelope(500, '');
    const { container } = await open('/admin/customer/view/invoice/c-1');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to fetch customer invoice'));
    expect(container.textContent).toContain('Failed to fetch customer invoice');
    server.answers['GET /api/v1/customer/c-1'] = envelope(200, { data: aishaWithInvoices });
    await click(button(container, 'Try again'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Aisha Ali'));
  });

  it('links back within the staff area', async () => {
    signIn('staff', ['customer_read']);
    server.answers['GET /api/v1/customer/c-1'] = envelope(200, { data: aishaWithInvoices });
    const { container } = await open('/staff/customer/view/invoice/c-1');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Aisha Ali'));
    expect(link(container, 'Customers').getAttribute('href')).toBe('/staff/customer/view');
  });
});
