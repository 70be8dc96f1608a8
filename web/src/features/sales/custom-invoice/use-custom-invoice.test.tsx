// @vitest-environment happy-dom
/**
 * The custom invoice's lifecycle on its own: created by the first change, whichever it is,
 * then the changes sent one after another in the order they were asked for.
 */
import { act, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderElement, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { addCustomInvoiceProduct, setCustomInvoiceCustomer } from '../api/custom-invoices';
import { customInvoice, riceLine } from '../invoices/test-fixtures';
import type { Invoice } from '@/types/invoice';
import type { WireInvoice } from '@/types/invoice-wire';
import { InvoiceNotCreated, useCustomInvoice } from './use-custom-invoice';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const CREATE = 'POST /api/v1/invoice/custom/create';
const ADD_LINE = 'POST /api/v1/invoice/custom/inv-9/product';
const SAVE_DETAILS = 'PUT /api/v1/invoice/custom/inv-9/customer';
const withRice: WireInvoice = { ...customInvoice, products: [riceLine] };
const details = { userName: 'Reef Resort', phoneNumber: '7790000', email: '', address: '' };

let server: ReturnType<typeof stubServer>;
let hook: ReturnType<typeof useCustomInvoice>;
let view: Awaited<ReturnType<typeof renderElement>> | undefined;

/** Shows the invoice's number and hands the hook to the test after each render. */
function Harness({ expose }: { expose: (current: ReturnType<typeof useCustomInvoice>) => void }) {
  const current = useCustomInvoice();
  useEffect(() => expose(current));
  return <p>{current.invoice?.invoiceNumber ?? 'No invoice yet'}</p>;
}

const writes = () => server.requests().map((request) => request.key).filter((key) => key.includes('/invoice/custom'));

beforeEach(async () => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  server.answers[CREATE] = envelope(201, { data: customInvoice });
  server.answers[ADD_LINE] = envelope(200, { data: withRice });
  server.answers[SAVE_DETAILS] = envelope(200, { data: { ...withRice, customerDetailsCustom: details } });
  view = await renderElement(
    <Harness
      expose={(current) => {
        hook = current;
      }}
    />,
  );
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('useCustomInvoice', () => {
  it('creates the invoice for a first line, then adds the line to it', async () => {
    expect(view!.text()).toBe('No invoice yet');
    let answer: Invoice | undefined;
    await act(async () => {
      answer = await hook.change((id) => addCustomInvoiceProduct(id, 'prod-1', '2'));
    });
    expect(writes()).toEqual([CREATE, ADD_LINE]);
    expect(server.requests().at(-1)?.body).toEqual({ productId: 'prod-1', quantity: '2' });
    expect(answer?.products).toHaveLength(1);
    expect(view!.text()).toBe('INV-000009');
  });

  it('sends changes asked for at once in their order, after one creation', async () => {
    const creation = server.deferred(envelope(201, { data: customInvoice }));
    server.answers[CREATE] = creation.answer;
    let both: Promise<unknown> = Promise.resolve();
    act(() => {
      const line = hook.change((id) => addCustomInvoiceProduct(id, 'prod-1', '2'));
      const customer = hook.change((id) => setCustomInvoiceCustomer(id, details));
      both = Promise.all([line, customer]);
    });
    await waitFor(() => expect(writes()).toEqual([CREATE]));
    creation.release();
    await act(() => both);
    expect(writes()).toEqual([CREATE, ADD_LINE, SAVE_DETAILS]);
  });

  it('fails only the change that needed a creation that failed; the next one creates it', async () => {
    server.answers[CREATE] = envelope(500, { message: 'Failed to create invoice!' });
    let failure: unknown;
    await act(async () => {
      failure = await hook.change((id) => addCustomInvoiceProduct(id, 'prod-1', '2')).catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(InvoiceNotCreated);
    expect((failure as Error).message).toBe('Failed to create invoice!');
    expect(writes()).toEqual([CREATE]);
    expect(view!.text()).toBe('No invoice yet');

    server.answers[CREATE] = envelope(201, { data: customInvoice });
    await act(async () => {
      await hook.change((id) => addCustomInvoiceProduct(id, 'prod-1', '2'));
    });
    expect(writes()).toEqual([CREATE, CREATE, ADD_LINE]);
    expect(notify.success).toHaveBeenCalledWith('Invoice created successfully');
  });
});
