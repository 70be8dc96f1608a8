// @vitest-environment happy-dom
/** The admin's and the super admin's sales dashboards as they meet them: the real routes, a stubbed server. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { useShopsStore } from '@/features/management';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { selectedShopDefaults, useSelectedShopStore } from '../../stores/selected-shop-store';
import { aishaAdmin, cornerGrocery, rootSuperAdmin } from '../../test/identity-fixtures';
import { harbourBakery } from '../../test/management-fixtures';
import { click, envelope, field, press, renderRoutes, typeInto, waitFor as waitUntil } from '../../test/render';
import { fieldError } from '../../test/screens';
import { stubServer, type Answer } from '../../test/stub-server';
import {
  categorySales, daysSales, monthRow, monthSales, summary, testToday, weekCashSales, weekSales, yearSales,
} from './test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

/** Drawing six charts in happy-dom is slow on a busy machine: each wait may take up to 5 s. */
const waitFor = (check: () => void) => waitUntil(check, 5000);

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

const adminBase = 'GET /api/v1/admin/dashboard/invoices';
const dashboardCalls = () => server.requests().map((request) => request.key).filter((key) => key.includes('/dashboard/'));

/** The six answers of an admin's dashboard opened on 21 November 2026. */
function answerAdminDashboard(base = adminBase, shop = '') {
  server.answers[`${base}/categories${shop && `?${shop}`}`] = envelope(200, { data: categorySales });
  server.answers[`${base}/payment-method?${shop && `${shop}&`}year=2026&month=11&day=21`] = envelope(200, { data: summary(10.5, 20, 0, 30.5) });
  server.answers[`${base}/payment-method?${shop && `${shop}&`}year=2026&month=11`] = envelope(200, { data: summary(1200, 300.25, 99.75, 1600) });
  server.answers[`${base}/payment-method?${shop && `${shop}&`}year=2026`] = envelope(200, { data: summary(25000, 8000, 1234.56, 34234.56) });
  server.answers[`${base}/week?${shop && `${shop}&`}methods=all`] = envelope(200, { data: weekSales });
  server.answers[`${base}/month?${shop && `${shop}&`}methods=all`] = envelope(200, { data: monthSales });
  server.answers[`${base}/year?${shop && `${shop}&`}methods=all`] = envelope(200, { data: yearSales });
  server.answers[`${base}/days${shop && `?${shop}`}`] = envelope(200, { data: daysSales });
}

const adminCallsOnOpening = [
  `${adminBase}/categories`,
  `${adminBase}/days`,
  `${adminBase}/month?methods=all`,
  `${adminBase}/payment-method?year=2026`,
  `${adminBase}/payment-method?year=2026&month=11`,
  `${adminBase}/payment-method?year=2026&month=11&day=21`,
  `${adminBase}/week?methods=all`,
  `${adminBase}/year?methods=all`,
];

async function open(path: string) {
  view = await renderRoutes(routes, path);
  return view;
}

const panel = (container: HTMLElement, title: string) => {
  const heading = [...container.querySelectorAll('h2')].find((candidate) => candidate.textContent === title);
  if (!heading) throw new Error(`no panel "${title}"`);
  return heading.closest('section')!;
};

/** What a chart's table for screen readers holds: [label, amount] per point. */
const chartRows = (container: HTMLElement, title: string) =>
  [...panel(container, title).querySelectorAll('table tbody tr')].map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]);

const tabs = (container: HTMLElement, title: string) => [...panel(container, title).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const tab = (container: HTMLElement, title: string, name: string) => tabs(container, title).find((candidate) => candidate.textContent === name)!;
const selectedTabs = (container: HTMLElement, title: string) =>
  tabs(container, title).filter((candidate) => candidate.getAttribute('aria-selected') === 'true').map((candidate) => candidate.textContent);

/** The four tiles of the Sales Performance block named `label` ("Today", "November", "2026"). */
function tiles(container: HTMLElement, label: string) {
  const group = field(container, label).closest('[role="group"]')!;
  return Object.fromEntries([...group.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
}

async function waitForDashboard(container: HTMLElement) {
  await waitFor(() => expect(chartRows(container, 'Yearly Sales Trends')).toHaveLength(3));
  await waitFor(() => expect(tiles(container, '2026')['Total MVR']).toBe('34,234.56'));
}

beforeAll(async () => {
  // The page is lazy: load its module (and recharts) once, before any test waits on it.
  await import('./dashboard-page');
});
/** happy-dom lays nothing out: the charts' containers get the size a wide screen gives them. */
function giveChartsASize() {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 480, 220) : measure.call(this);
  });
}

/** A user who asked for reduced motion (happy-dom's device setting): the charts draw at once, unanimated. */
function reduceMotion() {
  (window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } }).happyDOM.settings.device.prefersReducedMotion =
    'reduce';
}

beforeEach(() => {
  giveChartsASize();
  reduceMotion();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(testToday);
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSelectedShopStore.setState(selectedShopDefaults);
  useShopsStore.getState().reset();
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: aishaAdmin });
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  answerAdminDashboard();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the admin dashboard (/admin)', () => {
  it('asks for the admin’s own shop’s six panels once each, with no shop in any query', async () => {
    const { container } = await open('/admin');
    await waitForDashboard(container);
    expect([...container.querySelectorAll('h2')].map((h2) => h2.textContent)).toEqual([
      'Category Sales Trends',
      'Sales Performance',
      'This Month Sales Trend',
      'Weekly Sales Trends',
      'Monthly Sales Trends',
      'Yearly Sales Trends',
    ]);
    expect(dashboardCalls().sort()).toEqual(adminCallsOnOpening);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('starts at today: the date labelled Today, the month by its name, the year by itself, each with the server’s tiles', async () => {
    const { container } = await open('/admin');
    await waitForDashboard(container);
    expect(field(container, 'Today').value).toBe('2026-11-21');
    expect(field(container, 'November').value).toBe('11');
    expect(field(container, '2026').value).toBe('2026');
    expect(tiles(container, 'Today')).toEqual({ 'Cash MVR': '10.50', 'Swipe MVR': '20.00', 'Stripe MVR': '0.00', 'Total MVR': '30.50' });
    expect(tiles(container, 'November')).toEqual({ 'Cash MVR': '1,200.00', 'Swipe MVR': '300.25', 'Stripe MVR': '99.75', 'Total MVR': '1,600.00' });
    expect(tiles(container, '2026')).toEqual({ 'Cash MVR': '25,000.00', 'Swipe MVR': '8,000.00', 'Stripe MVR': '1,234.56', 'Total MVR': '34,234.56' });
  });

  it('charts the last 7 days, 12 months, the years in order, this month by day and the categories', async () => {
    const { container } = await open('/admin');
    await waitForDashboard(container);
    expect(chartRows(container, 'Weekly Sales Trends')).toEqual([
      ['Sun 15', '0.00'], ['Mon 16', '120.50'], ['Tue 17', '80.00'], ['Wed 18', '0.00'], ['Thu 19', '45.25'], ['Fri 20', '300.00'], ['Sat 21', '65.90'],
    ]);
    const months = chartRows(container, 'Monthly Sales Trends');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual(['Dec 2025', '1,000.00']);
    expect(months[11]).toEqual(['Nov 2026', '1,011.00']);
    expect(chartRows(container, 'Yearly Sales Trends')).toEqual([['2024', '9,000.00'], ['2025', '12,000.10'], ['2026', '15,000.75']]);
    expect(chartRows(container, 'This Month Sales Trend')).toEqual([['1', '10.00'], ['2', '20.50'], ['3', '30.00']]);
    expect(chartRows(container, 'Category Sales Trends')).toEqual([['Drinks', '1,250.50'], ['Bakery', '310.00'], ['Uncategorised', '12.05']]);
  });

  it('shows "Low stock: N" above the panels to an admin who reads stock reports, leading to the low stock list', async () => {
    server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: { ...aishaAdmin, stockPermissions: ['stock_report'] } });
    server.answers['GET /api/v1/stock/low'] = envelope(200, { data: { count: 3, products: [] } });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    await vi.waitFor(() => expect(container.querySelector('a.low-stock-tile')).not.toBeNull());
    const tile = container.querySelector<HTMLAnchorElement>('a.low-stock-tile')!;
    expect(tile.textContent).toBe('Low stock: 3');
    expect(tile.getAttribute('href')).toBe('/admin/stock/low');
    expect(tile.classList.contains('low-stock-tile--low')).toBe(true);
    // The sales panels ask for what they always asked for.
    expect(dashboardCalls().sort()).toEqual(adminCallsOnOpening);
  });

  it('shows no low stock tile, and asks nothing of stock, without the stock reports grant', async () => {
    const { container } = await open('/admin');
    await waitForDashboard(container);
    expect(container.querySelector('.low-stock-tile')).toBeNull();
    expect(container.textContent).not.toContain('Low stock');
    expect(server.requests().some((request) => request.key.includes('/stock/'))).toBe(false);
  });

  it('says "No sales" instead of bare axes in a chart with no sale in it', async () => {
    server.answers[`${adminBase}/week?methods=all`] = envelope(200, { data: weekSales.map((row) => ({ ...row, roundedTotalAmount: 0 })) });
    server.answers[`${adminBase}/days`] = envelope(200, { data: [] });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    const panel = (title: string) => [...container.querySelectorAll('section')].find((section) => section.querySelector('h2')?.textContent === title)!;
    expect(panel('Weekly Sales Trends').textContent).toContain('No sales in this period yet.');
    expect(panel('Weekly Sales Trends').querySelector('.recharts-wrapper')).toBeNull();
    expect(panel('This Month Sales Trend').textContent).toContain('No sales this month yet.');
    expect(panel('Monthly Sales Trends').textContent).not.toContain('No sales');
    expect(panel('Monthly Sales Trends').querySelector('.recharts-wrapper')).not.toBeNull();
  });

  it('draws the monthly chart in time order across the year’s turn, December 2025 before January 2026', async () => {
    // As a client keying an object by month number would list them: January first, December last.
    const keyedByNumber = [...monthSales].sort((a, b) => a.monthNumber - b.monthNumber);
    server.answers[`${adminBase}/month?methods=all`] = envelope(200, { data: keyedByNumber });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    expect(chartRows(container, 'Monthly Sales Trends').map(([label]) => label)).toEqual([
      'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026',
      'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026',
    ]);
    expect(chartRows(container, 'Monthly Sales Trends')[0]).toEqual(['Dec 2025', '1,000.00']);

    // Thirteen months: the chart keeps the last twelve, so November 2025 is left out, not January.
    server.answers[`${adminBase}/month?methods=cash`] = envelope(200, { data: [...keyedByNumber, monthRow(2025, 11, 5)] });
    await click(tab(container, 'Monthly Sales Trends', 'Cash'));
    await waitFor(() => expect(selectedTabs(container, 'Monthly Sales Trends')).toEqual(['Cash']));
    await waitFor(() => expect(chartRows(container, 'Monthly Sales Trends')[0]).toEqual(['Dec 2025', '1,000.00']));
    expect(chartRows(container, 'Monthly Sales Trends')).toHaveLength(12);
  });

  it('toasts "Sales data fetched successfully" once, when the dashboard has all its data, and not again for a tab', async () => {
    const week = server.deferred(envelope(200, { data: weekSales }));
    server.answers[`${adminBase}/week?methods=all`] = week.answer;
    server.answers[`${adminBase}/year?methods=cash`] = envelope(200, { data: [{ year: 2026, roundedTotalAmount: 5 }] });
    const { container } = await open('/admin');
    await waitFor(() => expect(chartRows(container, 'Yearly Sales Trends')).toHaveLength(3));
    await waitFor(() => expect(tiles(container, '2026')['Total MVR']).toBe('34,234.56'));
    // Seven of the eight answers are in: nothing is said until the last.
    expect(notify.success).not.toHaveBeenCalled();
    await act(async () => week.release());
    // Well inside the test's time limit, so a missing toast fails here and leaves the next test alone.
    await waitUntil(() => expect(notify.success).toHaveBeenCalledTimes(1), 2000);
    expect(notify.success).toHaveBeenCalledWith('Sales data fetched successfully', { id: 'sales-data-fetched', position: 'top-right' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(dashboardCalls()).toHaveLength(8);

    // The chart redrawn where the user looks says enough: no toast comes to cover the tabs.
    await click(tab(container, 'Yearly Sales Trends', 'Cash'));
    await waitFor(() => expect(chartRows(container, 'Yearly Sales Trends')).toEqual([['2026', '5.00']]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says nothing fetched successfully when a call of the dashboard fails: the failure is toasted instead', async () => {
    server.answers[`${adminBase}/days`] = new Response('Bad Gateway', { status: 502 });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to fetch sales data!'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('reads Loading... in a panel until its data arrives', async () => {
    const week = server.deferred(envelope(200, { data: weekSales }));
    server.answers[`${adminBase}/week?methods=all`] = week.answer;
    const { container } = await open('/admin');
    await waitFor(() => expect(chartRows(container, 'Yearly Sales Trends')).toHaveLength(3));
    expect(panel(container, 'Weekly Sales Trends').textContent).toContain('Loading...');
    expect(panel(container, 'Yearly Sales Trends').textContent).not.toContain('Loading...');
    await act(async () => week.release());
    await waitFor(() => expect(chartRows(container, 'Weekly Sales Trends')).toHaveLength(7));
    expect(panel(container, 'Weekly Sales Trends').textContent).not.toContain('Loading...');
  });

  it('a tab refetches its own chart only, with its method, and is the one tab selected', async () => {
    server.answers[`${adminBase}/week?methods=cash`] = envelope(200, { data: weekCashSales });
    server.answers[`${adminBase}/year?methods=digital`] = envelope(200, { data: [{ year: 2026, roundedTotalAmount: 77 }] });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    for (const title of ['Weekly Sales Trends', 'Monthly Sales Trends', 'Yearly Sales Trends']) {
      expect(tabs(container, title).map((candidate) => candidate.textContent)).toEqual(['All', 'Cash', 'Swipe', 'Stripe']);
      expect(selectedTabs(container, title)).toEqual(['All']);
    }
    const before = dashboardCalls().length;

    await click(tab(container, 'Weekly Sales Trends', 'Cash'));
    await waitFor(() => expect(chartRows(container, 'Weekly Sales Trends')[0]).toEqual(['Sun 15', '10.00']));
    expect(dashboardCalls().slice(before)).toEqual([`${adminBase}/week?methods=cash`]);
    expect(selectedTabs(container, 'Weekly Sales Trends')).toEqual(['Cash']);
    expect(selectedTabs(container, 'Monthly Sales Trends')).toEqual(['All']);
    expect(chartRows(container, 'Monthly Sales Trends')[0]).toEqual(['Dec 2025', '1,000.00']);

    // The keyboard: End goes to Stripe on the yearly chart, and only that chart is asked again.
    press(tab(container, 'Yearly Sales Trends', 'All'), 'End');
    await waitFor(() => expect(chartRows(container, 'Yearly Sales Trends')).toEqual([['2026', '77.00']]));
    expect(dashboardCalls().slice(before)).toEqual([`${adminBase}/week?methods=cash`, `${adminBase}/year?methods=digital`]);
    expect(selectedTabs(container, 'Yearly Sales Trends')).toEqual(['Stripe']);
    expect(document.activeElement).toBe(tab(container, 'Yearly Sales Trends', 'Stripe'));
    expect(selectedTabs(container, 'Weekly Sales Trends')).toEqual(['Cash']);
  });

  it('a chosen date is split into year, month and day, and labelled Date unless it is today', async () => {
    server.answers[`${adminBase}/payment-method?year=2026&month=11&day=20`] = envelope(200, { data: summary(5, 0, 0, 5) });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    typeInto(field(container, 'Today'), '2026-11-20');
    await waitFor(() => expect(tiles(container, 'Date')['Total MVR']).toBe('5.00'));
    expect(dashboardCalls()).toContain(`${adminBase}/payment-method?year=2026&month=11&day=20`);

    typeInto(field(container, 'Date'), '2026-11-21');
    await waitFor(() => expect(tiles(container, 'Today')['Total MVR']).toBe('30.50'));
  });

  it('a month is labelled with its name and asked for in the year field’s year', async () => {
    server.answers[`${adminBase}/payment-method?year=2026&month=3`] = envelope(200, { data: summary(1, 2, 3, 6) });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    typeInto(field(container, 'November'), '3');
    await waitFor(() => expect(tiles(container, 'March')['Total MVR']).toBe('6.00'));
    expect(dashboardCalls()).toContain(`${adminBase}/payment-method?year=2026&month=3`);
  });

  it('does not ask for a month or a year out of range, and says why at the field', async () => {
    const { container } = await open('/admin');
    await waitForDashboard(container);
    const before = dashboardCalls().length;

    typeInto(field(container, 'November'), '13');
    const month = field(container, 'Month');
    expect(month.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(month)).toBe('Month must be between 1 and 12');
    typeInto(month, '0');
    expect(fieldError(field(container, 'Month'))).toBe('Month must be between 1 and 12');

    typeInto(field(container, '2026'), '1899');
    const year = field(container, 'Year');
    expect(fieldError(year)).toBe('Year must be between 1900 and 2100');
    typeInto(year, '2101');
    expect(fieldError(field(container, 'Year'))).toBe('Year must be between 1900 and 2100');
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(dashboardCalls().slice(before)).toEqual([]);
    expect(tiles(container, 'Year')).toEqual({});
    expect(panel(container, 'Sales Performance').textContent).toContain('Set a year from 1900 to 2100.');

    // Back in range, the year is asked for again.
    server.answers[`${adminBase}/payment-method?year=2100`] = envelope(200, { data: summary(0, 0, 0, 0) });
    typeInto(field(container, 'Year'), '2100');
    await waitFor(() => expect(tiles(container, '2100')['Total MVR']).toBe('0.00'));
    expect(dashboardCalls().slice(before)).toEqual([`${adminBase}/payment-method?year=2100`]);
  });

  it('toasts "Failed to fetch sales data!" when a call fails without a message, and the server’s own message when sent', async () => {
    server.answers[`${adminBase}/categories`] = new Response('Bad Gateway', { status: 502 });
    server.answers[`${adminBase}/days`] = envelope(403, { message: 'An admin sees only their own shop’s dashboard' });
    const { container } = await open('/admin');
    await waitForDashboard(container);
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch sales data!');
    expect(notify.error).toHaveBeenCalledWith('An admin sees only their own shop’s dashboard');
    expect(panel(container, 'Category Sales Trends').querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch sales data!');

    server.answers[`${adminBase}/categories`] = envelope(200, { data: categorySales });
    const retry = [...panel(container, 'Category Sales Trends').querySelectorAll('button')].find((button) => button.textContent === 'Retry')!;
    await click(retry);
    await waitFor(() => expect(chartRows(container, 'Category Sales Trends')).toHaveLength(3));
  });

  it('asks nothing while nobody is signed in', async () => {
    server.answers['GET /api/v1/admin/check-logged'] = envelope(401, { message: 'Please sign in' });
    const { pathname } = await open('/admin');
    await waitFor(() => expect(pathname()).toBe('/shop/admin/login'));
    expect(dashboardCalls()).toEqual([]);
  });
});

describe('the super admin dashboard (/super/admin)', () => {
  const superBase = 'GET /api/v1/super-admin/dashboard/invoices';
  const answer = (key: string, value: Answer) => {
    server.answers[key] = value;
  };

  beforeEach(() => {
    answer('GET /api/v1/super-admin/check-logged', envelope(200, { data: rootSuperAdmin }));
    answer('GET /api/v1/super-admin/shops', envelope(200, { data: [cornerGrocery, harbourBakery] }));
    answerAdminDashboard(superBase, 'shop=shop-1');
    answerAdminDashboard(superBase, 'shop=shop-2');
  });

  it('asks for the shop chosen in the bar, and for the next one when the choice changes', async () => {
    const { container } = await open('/super/admin');
    await waitForDashboard(container);
    expect(dashboardCalls().sort()).toEqual([
      `${superBase}/categories?shop=shop-1`,
      `${superBase}/days?shop=shop-1`,
      `${superBase}/month?shop=shop-1&methods=all`,
      `${superBase}/payment-method?shop=shop-1&year=2026`,
      `${superBase}/payment-method?shop=shop-1&year=2026&month=11`,
      `${superBase}/payment-method?shop=shop-1&year=2026&month=11&day=21`,
      `${superBase}/week?shop=shop-1&methods=all`,
      `${superBase}/year?shop=shop-1&methods=all`,
    ]);
    const before = dashboardCalls().length;

    const select = container.querySelector<HTMLSelectElement>('.shop-selector select')!;
    await act(async () => {
      select.value = 'shop-2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(dashboardCalls().slice(before)).toHaveLength(8));
    expect(dashboardCalls().slice(before).every((key) => key.includes('?shop=shop-2'))).toBe(true);
    expect(dashboardCalls().some((key) => key.startsWith(adminBase))).toBe(false);
  });

  it('a tab asks again for its chart of the chosen shop only', async () => {
    answer(`${superBase}/month?shop=shop-1&methods=internal-device`, envelope(200, { data: monthSales.slice(-2) }));
    const { container } = await open('/super/admin');
    await waitForDashboard(container);
    const before = dashboardCalls().length;
    await click(tab(container, 'Monthly Sales Trends', 'Swipe'));
    await waitFor(() => expect(chartRows(container, 'Monthly Sales Trends')).toHaveLength(2));
    expect(dashboardCalls().slice(before)).toEqual([`${superBase}/month?shop=shop-1&methods=internal-device`]);
  });

  it('says to choose a shop, and asks nothing, while there is none to choose', async () => {
    answer('GET /api/v1/super-admin/shops', envelope(200, { data: [] }));
    const { container, text } = await open('/super/admin');
    await waitFor(() => expect(text()).toContain('Choose a shop in the bar above to see its sales.'));
    expect(container.querySelector('h2')).toBeNull();
    expect(dashboardCalls()).toEqual([]);
  });
});
