// @vitest-environment happy-dom
/** The audit trail screens (/admin/audit, /super/admin/audit) as an admin and the super admin meet them. */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { selectedShopDefaults, useSelectedShopStore } from '../../stores/selected-shop-store';
import { aishaAdmin, cornerGrocery, rootSuperAdmin } from '../../test/identity-fixtures';
import { cornerPeople, harbourBakery } from '../../test/management-fixtures';
import { button, click, envelope, field, renderRoutes, typeInto, waitFor } from '../../test/render';
import { rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import { useShopsStore } from '@/features/management';
import type { AuditEntry } from './audit-api';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('./save-file', () => ({ saveFile }));

/** 2:45:10 PM on Nov 26, 2026 in the Maldives (UTC+5), the shop's zone. */
const afternoon = Date.UTC(2026, 10, 26, 9, 45, 10);

const entry = (id: string, changes: Partial<AuditEntry>): AuditEntry => ({
  _id: id,
  at: afternoon,
  shopId: 'shop-1',
  shopName: 'Corner Grocery',
  timeZone: 'Indian/Maldives',
  userId: 'user-1',
  userName: 'Aisha',
  event: 'refund',
  subject: 'invoice INV-000012',
  detail: 'Refunded 5.00 by cash; 5.00 refunded of 20.00 paid',
  deviceCode: '',
  ...changes,
});

const refund = entry('9', {});
const cleared = entry('8', {
  userId: 'user-2',
  userName: 'Ben',
  event: 'cart-cleared',
  subject: 'invoice INV-000013',
  detail: 'Cleared: 2 x Cola at 10.00 = 20.00',
  deviceCode: '7F3A',
});
const signIn = entry('7', { event: 'sign-in', subject: '', detail: 'admin sign-in' });

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const sent = () => server.requests().map((request) => request.key);
const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent);

function page(data: AuditEntry[], next?: string): Response {
  const response = envelope(200, { data });
  if (next) response.headers.set('Link', `<${next}>; rel="next"`);
  return response;
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function openAdmin() {
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: aishaAdmin });
  view = await renderRoutes(routes, '/admin/audit');
  return view;
}

beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSelectedShopStore.setState(selectedShopDefaults);
  useShopsStore.getState().reset();
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/staff/list'] = envelope(200, { data: cornerPeople.slice(1) });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the admin’s audit trail (/admin/audit)', () => {
  it('lists who did what, newest first, with the time in the shop’s zone and the event in words', async () => {
    server.answers['GET /api/v1/audit?limit=50'] = page([refund, cleared, signIn]);
    const { container } = await openAdmin();
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect(headers(container)).toEqual(['Time', 'Who', 'Event', 'Subject', 'Detail']);
    expect(rows(container)).toEqual([
      ['Nov 26, 2026, 2:45:10 PM', 'Aisha', 'Refund', 'invoice INV-000012', 'Refunded 5.00 by cash; 5.00 refunded of 20.00 paid'],
      ['Nov 26, 2026, 2:45:10 PM', 'BenTill 7F3A', 'Cart cleared', 'invoice INV-000013', 'Cleared: 2 x Cola at 10.00 = 20.00'],
      ['Nov 26, 2026, 2:45:10 PM', 'Aisha', 'Signed in', '—', 'admin sign-in'],
    ]);
    const menu = container.querySelector('nav[aria-label="Admin menu"]')!;
    expect([...menu.querySelectorAll('a')].some((a) => a.getAttribute('href') === '/admin/audit' && a.textContent === 'Audit Trail')).toBe(true);
  });

  it('asks the server for the dates, events and person chosen, and never for an end before the start', async () => {
    server.answers['GET /api/v1/audit?limit=50'] = page([refund, cleared]);
    server.answers['GET /api/v1/audit?limit=50&from=2026-11-20'] = page([refund]);
    server.answers['GET /api/v1/audit?limit=50&from=2026-11-20&event=cart-cleared%2Crefund'] = page([refund, cleared]);
    server.answers['GET /api/v1/audit?limit=50&from=2026-11-20&event=cart-cleared%2Crefund&user=user-2'] = page([cleared]);
    const { container } = await openAdmin();
    await waitFor(() => expect(rows(container)).toHaveLength(2));

    typeInto(field(container, 'From'), '2026-11-20');
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    for (const name of ['Cart cleared', 'Refund']) {
      const option = [...container.querySelectorAll('.audit-events__option')].find((label) => label.textContent === name)!;
      await click(option.querySelector('input')!);
    }
    await waitFor(() => expect(sent()).toContain('GET /api/v1/audit?limit=50&from=2026-11-20&event=cart-cleared%2Crefund'));
    expect(container.querySelector('.audit-events__summary')?.textContent).toBe('2 events');
    // The person list holds the admin and the shop's staff.
    const person = field(container, 'Person') as unknown as HTMLSelectElement;
    expect([...person.options].map((option) => option.textContent)).toEqual(['Anyone', 'Aisha', 'Ben', 'Chen']);
    await choose(person, 'user-2');
    await waitFor(() => expect(rows(container)).toEqual([expect.arrayContaining(['Cart cleared'])]));

    // An end before the start is shown at the end date and not sent.
    typeInto(field(container, 'To'), '2026-11-01');
    await waitFor(() => expect(container.textContent).toContain('The end date is before the start date'));
    expect(sent().some((key) => key.includes('to=2026-11-01'))).toBe(false);
  });

  it('loads older rows with Load more, from the link the server named', async () => {
    server.answers['GET /api/v1/audit?limit=50'] = page([refund, cleared], '/api/v1/audit?limit=50&after=abc');
    server.answers['GET /api/v1/audit?limit=50&after=abc'] = page([signIn]);
    const { container } = await openAdmin();
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    await click(button(container, 'Load more'));
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect(rows(container)[2]).toContain('Signed in');
    expect(() => button(container, 'Load more')).toThrow();
  });

  it('downloads the CSV of the rows the filters give, named as the server names it', async () => {
    server.answers['GET /api/v1/audit?limit=50'] = page([refund]);
    server.answers['GET /api/v1/audit?limit=50&event=refund'] = page([refund]);
    const csv = 'Time,Person,Person id,Event,Subject,Detail,Till\n2026-11-26 14:45:10,Aisha,1,refund,invoice INV-000012,"Refunded 5.00 by cash; 5.00 refunded of 20.00 paid",\n';
    server.answers['GET /api/v1/audit/export.csv?event=refund'] = new Response(csv, {
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-corner-grocery-all.csv"' },
    });
    const { container } = await openAdmin();
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    const option = [...container.querySelectorAll('.audit-events__option')].find((label) => label.textContent === 'Refund')!;
    await click(option.querySelector('input')!);
    await waitFor(() => expect(sent()).toContain('GET /api/v1/audit?limit=50&event=refund'));
    await click(button(container, 'Download CSV'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith('audit-corner-grocery-all.csv', csv, 'text/csv; charset=utf-8'));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says why a download failed, in the server’s words', async () => {
    server.answers['GET /api/v1/audit?limit=50'] = page([refund]);
    server.answers['GET /api/v1/audit/export.csv'] = envelope(403, { message: 'Only a shop admin can do this' });
    const { container } = await openAdmin();
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    await click(button(container, 'Download CSV'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Only a shop admin can do this'));
    expect(saveFile).not.toHaveBeenCalled();
  });
});

describe('the super admin’s audit trail (/super/admin/audit)', () => {
  beforeEach(() => {
    server.answers['GET /api/v1/super-admin/check-logged'] = envelope(200, { data: rootSuperAdmin });
    server.answers['GET /api/v1/super-admin/shops'] = envelope(200, { data: [cornerGrocery, harbourBakery] });
    server.answers['GET /api/v1/super-admin/employees?shop=shop-1'] = envelope(200, { data: cornerPeople });
  });

  it('starts on the bar’s shop and shows every shop, with a Shop column, when asked', async () => {
    useSelectedShopStore.setState({ selectedShopId: 'shop-1' });
    server.answers['GET /api/v1/super-admin/audit?limit=50&shop=shop-1'] = page([refund]);
    const bakery = entry('5', { shopId: 'shop-2', shopName: 'Harbour Bakery', userName: 'Dina', event: 'shift-opened', subject: 'shift SH-000001', detail: 'Opened with float 100.00' });
    server.answers['GET /api/v1/super-admin/audit?limit=50'] = page([bakery, refund]);
    server.answers['GET /api/v1/super-admin/audit/export.csv'] = new Response('Time,Shop\n', {
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-all-shops-all.csv"' },
    });
    view = await renderRoutes(routes, '/super/admin/audit');
    const { container } = view;
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect(headers(container)).toEqual(['Time', 'Who', 'Event', 'Subject', 'Detail']);
    const shop = container.querySelector<HTMLSelectElement>('#audit-shop')!;
    await waitFor(() => expect([...shop.options].map((option) => option.textContent)).toEqual(['All shops', 'Corner Grocery', 'Harbour Bakery']));
    await choose(shop, '');
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(headers(container)).toEqual(['Time', 'Shop', 'Who', 'Event', 'Subject', 'Detail']);
    expect(rows(container)[0]).toEqual(['Nov 26, 2026, 2:45:10 PM', 'Harbour Bakery', 'Dina', 'Shift opened', 'shift SH-000001', 'Opened with float 100.00']);
    await click(button(container, 'Download CSV'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith('audit-all-shops-all.csv', 'Time,Shop\n', 'text/csv; charset=utf-8'));
  });
});
