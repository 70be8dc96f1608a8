/** Stock answers shaped as docs/api-stock.md says the server sends them. Tests only. */
import { act } from 'react';
import { vi } from 'vitest';
import { routes } from '../../app/routes';
import { signedOut, useAuthStore, type User } from '../../stores/auth-store';
import { aishaAdmin, benStaff, cornerGrocery } from '../../test/identity-fixtures';
import { envelope, renderRoutes } from '../../test/render';
import { stubServer } from '../../test/stub-server';
import type { LedgerPage, LedgerRow } from './api/ledger-api';

/** 9:00 on Nov 26, 2026 in the Maldives (UTC+5). */
export const nineAm = Date.UTC(2026, 10, 26, 4, 0);
const hour = 3_600_000;

const row = (fields: Partial<LedgerRow> & Pick<LedgerRow, '_id' | 'kind' | 'change' | 'balance'>): LedgerRow => ({
  reason: null, invoiceId: null, invoiceNumber: null, refundId: null, shiftId: null, userId: 'user-1', userName: 'Aisha',
  createdAt: nineAm, ...fields,
});

/** Cola's newest page: a refund, a sale, a damaged adjustment, a count and a delivery, newest first. */
export const colaNewest: LedgerPage = {
  product: { _id: '12', productName: 'Cola', unit: 'no', quantity: 116 },
  rows: [
    row({ _id: '40', kind: 'refund', change: 1, balance: 116, invoiceId: '7', invoiceNumber: 'INV-000007', refundId: '3', createdAt: nineAm + 5 * hour }),
    row({ _id: '39', kind: 'sale', change: -2, balance: 115, invoiceId: '7', invoiceNumber: 'INV-000007', userName: 'Ben', createdAt: nineAm + 4 * hour }),
    row({ _id: '38', kind: 'adjustment', reason: 'damaged', change: -1, balance: 117, createdAt: nineAm + 3 * hour }),
    row({ _id: '37', kind: 'count', change: -6, balance: 118, createdAt: nineAm + 2 * hour }),
    row({ _id: '36', kind: 'receiving', change: 24, balance: 124, createdAt: nineAm + hour }),
  ],
  more: true,
};

/** The page before row 36: where Cola's stock began, and a quantity set by editing it. */
export const colaOldest: LedgerPage = {
  product: colaNewest.product,
  rows: [
    row({ _id: '21', kind: 'correction', change: 50, balance: 100 }),
    row({ _id: '20', kind: 'opening', change: 50, balance: 50, createdAt: nineAm - hour }),
  ],
  more: false,
};

export type Server = ReturnType<typeof stubServer>;

/** A fresh stub server signed in to Corner Grocery's till, with an admin or a staff member holding `grants`. */
export function startStockServer(area: 'admin' | 'staff', grants: { permissions?: string[]; stockPermissions?: string[] }): Server {
  const server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  const person: User = { ...(area === 'admin' ? aishaAdmin : benStaff), permissions: grants.permissions ?? [], stockPermissions: grants.stockPermissions };
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers[`GET /api/v1/${area}/check-logged`] = envelope(200, { data: person });
  return server;
}

export const sentTo = (server: Server, key: string) => server.requests().filter((request) => request.key === key);

export const openStockScreen = (path: string) => renderRoutes(routes, path);

/** The labels of the area's menu. */
export const menuLabels = (container: HTMLElement, menu: 'Admin menu' | 'Staff menu') =>
  [...container.querySelectorAll(`nav[aria-label="${menu}"] a`)].map((a) => a.textContent);

/** Chooses an option of a native select, or a date, as a user would. */
export async function setValue(element: HTMLSelectElement | HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    if (element instanceof HTMLInputElement) {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(element, value);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      element.value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
}
