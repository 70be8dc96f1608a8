import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  createCustomer, deleteCustomer, findCustomerWithInvoices, getCustomerWithInvoices, listCustomers, updateCustomer,
} from './customers-api';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const ok = (data: unknown) => answer(200, { success: true, message: 'ok', data });

function sent() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, method: init?.method, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  const error = await call().catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

const aisha = { customerName: 'Aisha Ali', phoneNumber: '7771234', email: '' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => ok(null));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('customer calls', () => {
  it('lists, creates, updates and deletes customers at SPEC’s paths', async () => {
    fetchMock.mockResolvedValueOnce(ok([{ _id: '1' }]));
    await expect(listCustomers()).resolves.toEqual([{ _id: '1' }]);
    expect(sent()).toEqual({ url: '/api/v1/customer', method: 'GET', body: undefined });

    await createCustomer(aisha);
    expect(sent()).toEqual({ url: '/api/v1/customer/create', method: 'POST', body: aisha });

    await updateCustomer('12', { ...aisha, email: 'aisha@mail.example' });
    expect(sent()).toEqual({ url: '/api/v1/customer/12', method: 'PUT', body: { ...aisha, email: 'aisha@mail.example' } });

    await deleteCustomer('12');
    expect(sent()).toEqual({ url: '/api/v1/customer/12', method: 'DELETE', body: undefined });
  });

  it('reads one customer with their invoices, the id escaped', async () => {
    fetchMock.mockResolvedValueOnce(ok({ _id: '12', invoices: [] }));
    await expect(getCustomerWithInvoices('12')).resolves.toEqual({ _id: '12', invoices: [] });
    expect(sent().url).toBe('/api/v1/customer/12');
    await getCustomerWithInvoices('a/b');
    expect(sent().url).toBe('/api/v1/customer/a%2Fb');
  });

  it('names the default messages', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    expect((await failure(() => createCustomer(aisha))).message).toBe('Failed to add new customer!');
    expect((await failure(() => updateCustomer('1', aisha))).message).toBe('Failed to update customer.');
    expect((await failure(() => deleteCustomer('1'))).message).toBe('Failed to delete customer.');
    expect((await failure(() => getCustomerWithInvoices('1'))).message).toBe('Failed to fetch customer invoice');
    expect((await failure(() => listCustomers())).message).toBe('Failed to fetch customers!');
  });

  it('prefers the server’s message, e.g. a phone number already in the shop', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, { success: false, message: 'A customer with phone number 7771234 already exists' }));
    expect((await failure(() => createCustomer(aisha))).message).toBe('A customer with phone number 7771234 already exists');
  });

  it('finds no customer on a 404 instead of failing, and fails on anything else', async () => {
    fetchMock.mockResolvedValueOnce(answer(404, { success: false, message: 'Customer not found' }));
    await expect(findCustomerWithInvoices('99')).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(answer(403, { success: false, message: 'You do not have permission customer_read' }));
    expect((await failure(() => findCustomerWithInvoices('99'))).status).toBe(403);
  });
});
