/**
 * Screen tests of the till on its local data: the app's routes under a `TillDataProvider` (the
 * place the till runtime's provider takes in the app), and the tests' invoices as local rows.
 * Tests only.
 */
import { Outlet, type RouteObject } from 'react-router';
import type { LocalInvoice } from '@/features/offline';
import type { Invoice } from '@/types/invoice';
import type { TillData } from './till-data';
import { TillDataProvider } from './till-data-context';

export function withTillData(routes: RouteObject[], data: TillData): RouteObject[] {
  return [
    {
      element: (
        <TillDataProvider value={data}>
          <Outlet />
        </TillDataProvider>
      ),
      children: routes,
    },
  ];
}

/** A ref for a test's invoice `inv-N`: UUID-shaped, ending in N. */
export const refOf = (id: string) => `00000000-0000-4000-8000-${id.replace(/\D/g, '').padStart(12, '0')}`;

/** The server-shaped `invoice` as the till holds it locally, numbered only provisionally. */
export function asLocal(invoice: Invoice, changes: Partial<LocalInvoice> = {}): LocalInvoice {
  const ref = refOf(invoice._id);
  return {
    ...invoice,
    _id: ref,
    ref,
    invoiceNumber: '',
    provisionalNumber: `7F3A-${invoice._id.replace(/\D/g, '').padStart(4, '0')}`,
    serverId: null,
    origin: 'till',
    ...changes,
  };
}
