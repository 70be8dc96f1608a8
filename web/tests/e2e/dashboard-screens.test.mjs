// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): the admin and super admin
// dashboards as Chromium renders them, on desktop and tablet, with a screenshot of each: six
// panels drawn by recharts (loaded on demand), the Sales Performance tiles, the method tabs, each
// of which asks again for its own chart only, and one "Sales data fetched successfully" toast.
/* global document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { failed, ok, stubApi } from './stub-api.mjs';
import { launchBrowser, openPage, shot, viewports } from './support.mjs';

const shop = {
  _id: 'shop-1', shopName: 'Corner Grocery', email: 'owner@corner.example', phoneNumber: '7712345',
  countryName: 'Maldives', currencyCode: 'MVR', timeZone: 'Indian/Maldives',
};
const admin = {
  _id: 'user-1', staffId: 'S000001', userName: 'Aisha', email: 'aisha@corner.example', phoneNumber: '7712345',
  role: 'admin', permissions: ['product_read', 'category_read', 'customer_read'], shopId: 'shop-1',
  shopName: 'Corner Grocery', currencyCode: 'MVR',
};
const superAdmin = {
  _id: 'user-0', staffId: null, userName: 'Root', email: 'root@tillwise.example', phoneNumber: '7700000',
  role: 'super-admin', permissions: [], shopId: null, shopName: null, currencyCode: null,
};

// The browser's today, as the dashboard starts at it.
const now = new Date();
const today = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
const pad = (number) => String(number).padStart(2, '0');
/** A day of the weekly chart as the server names it: its weekday, then its date. */
const weekday = (n, amount) => {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - n);
  const [year, month, dayOfMonth] = [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  const day = date.toLocaleString('en', { weekday: 'short' });
  return { day, date: `${year}-${pad(month)}-${pad(dayOfMonth)}`, dayOfMonth, month, year, roundedTotalAmount: amount };
};

const categories = [
  { category: 'Dairy', roundedTotalAmount: 1840.5 },
  { category: 'Drinks', roundedTotalAmount: 1250.25 },
  { category: 'Bakery', roundedTotalAmount: 610 },
  { category: 'Produce', roundedTotalAmount: 402.75 },
  { category: 'Uncategorised', roundedTotalAmount: 35 },
];
const summary = (cash, swipe, card, total) => ({
  date: {
    paymentMethod: [
      { paymentType: { paymentMethod: 'cash' }, roundedTotalAmount: cash },
      { paymentType: { paymentMethod: 'internal-device' }, roundedTotalAmount: swipe },
      { paymentType: { paymentMethod: 'digital' }, roundedTotalAmount: card },
    ],
    grandTotal: { roundedTotalAmount: total },
  },
});
const dayAmounts = { all: [320, 0, 512.5, 275, 640.25, 410, 188.9], cash: [120, 0, 200, 75, 300, 110, 88.9] };
const week = (method) => dayAmounts[method].map((amount, index) => weekday(6 - index, amount));
const months = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(now.getFullYear(), now.getMonth() - 11 + index, 1);
  const [year, monthNumber] = [date.getFullYear(), date.getMonth() + 1];
  const monthName = date.toLocaleString('en', { month: 'long' });
  return { month: `${year}-${pad(monthNumber)}`, monthName, monthNumber, year, roundedTotalAmount: 4000 + ((index * 937) % 2500) };
});
const years = [
  { year: today.year, roundedTotalAmount: 38120.4 },
  { year: today.year - 2, roundedTotalAmount: 21000 },
  { year: today.year - 1, roundedTotalAmount: 45210.75 },
];
const days = Array.from({ length: today.day }, (_, index) => ({
  day: index + 1, month: today.month, year: today.year, roundedTotalAmount: [220, 340.5, 180, 410, 390, 120, 505][index % 7],
}));

/** The dashboard's answers under `base`, recording each call (path and query) in `calls`. */
function dashboardAnswers(base, calls) {
  const answer = (build) => (request) => {
    const address = new URL(request.url());
    calls.push(`${address.pathname.replace('/api/v1', '')}${address.search}`);
    return ok(build(address.searchParams));
  };
  const periodSummary = (query) => {
    if (query.get('day')) return summary(188.9, 75.5, 0, 264.4);
    if (query.get('month')) return summary(4120, 1980.5, 310.25, 6410.75);
    return summary(28140, 9870.4, 110, 38120.4);
  };
  return {
    [`GET ${base}/categories`]: answer(() => categories),
    [`GET ${base}/payment-method`]: answer(periodSummary),
    [`GET ${base}/week`]: answer((query) => week(query.get('methods') === 'cash' ? 'cash' : 'all')),
    [`GET ${base}/month`]: answer(() => months),
    [`GET ${base}/year`]: answer(() => years),
    [`GET ${base}/days`]: answer(() => days),
  };
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function visit(viewport, path, answers, check) {
  const { page, context, pageErrors } = await openPage(browser, viewport, path, stubApi(answers));
  try {
    await check(page);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
}

const panelTitles = [
  'Category Sales Trends', 'Sales Performance', 'This Month Sales Trend', 'Weekly Sales Trends', 'Monthly Sales Trends', 'Yearly Sales Trends',
];
const panel = (page, title) => page.getByRole('region', { name: title, exact: true });

/** The four tiles of a Sales Performance block, by its label ("Today", a month's name, the year). */
async function tiles(page, label) {
  const group = page.getByRole('group', { name: label, exact: true });
  const terms = await group.locator('dt').allTextContents();
  const values = await group.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
}

/** Every panel drawn: recharts' SVGs are in place and nothing reads Loading... any more. */
async function waitForCharts(page) {
  for (const title of panelTitles) await panel(page, title).waitFor();
  await page.locator('.recharts-surface').nth(4).waitFor();
  await page.waitForFunction(() => !document.body.textContent.includes('Loading...'));
  // recharts animates its first drawing: let it end before a screenshot.
  await page.waitForTimeout(1600);
}

const monthName = now.toLocaleString('en', { month: 'long' });

/**
 * SPEC part 8's "Sales data fetched successfully": one toast for the whole dashboard once its
 * data is in, over none of the page's controls (fields, tabs, buttons, links).
 */
async function assertFetchedToastCoversNothing(page) {
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Sales data fetched successfully' });
  await toast.waitFor();
  await page.waitForTimeout(400); // its slide in ends
  assert.equal(await toast.count(), 1, 'one toast, not one per chart');
  const box = await toast.boundingBox();
  const covered = await page.evaluate((toastBox) => {
    const overlaps = (rect) =>
      rect.width > 0 && rect.height > 0 &&
      rect.left < toastBox.x + toastBox.width && toastBox.x < rect.right &&
      rect.top < toastBox.y + toastBox.height && toastBox.y < rect.bottom;
    return [...document.querySelectorAll('input, select, button, a[href], [role="tab"]')]
      .filter((control) => !control.closest('[data-sonner-toaster]'))
      .filter((control) => overlaps(control.getBoundingClientRect()))
      .map((control) => control.getAttribute('aria-label') || control.textContent.trim() || control.tagName);
  }, box);
  assert.deepEqual(covered, [], 'the toast covers no control');
}

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`dashboards on ${device}`, () => {
    it('admin: six panels with the server’s amounts, and a tab asks for its own chart only', async () => {
      const calls = [];
      const answers = {
        'GET /admin/check-logged': ok(admin),
        'GET /shop/check-login': ok(shop),
        ...dashboardAnswers('/admin/dashboard/invoices', calls),
      };
      await visit(viewport, '/admin', answers, async (page) => {
        await page.getByRole('heading', { name: 'Welcome, Aisha' }).waitFor();
        await assertFetchedToastCoversNothing(page);
        await waitForCharts(page);
        assert.deepEqual(await page.getByRole('heading', { level: 2 }).allTextContents(), panelTitles);
        // The charts run in time order, named by weekday and date, and by month and year.
        const labels = (title) => panel(page, title).locator('table tbody th').allTextContents();
        assert.deepEqual(await labels('Weekly Sales Trends'), week('all').map((row) => `${row.day} ${row.dayOfMonth}`));
        assert.deepEqual(await labels('Monthly Sales Trends'), months.map((row) => `${row.monthName.slice(0, 3)} ${row.year}`));
        assert.deepEqual(await tiles(page, 'Today'), { 'Cash MVR': '188.90', 'Swipe MVR': '75.50', 'Stripe MVR': '0.00', 'Total MVR': '264.40' });
        assert.deepEqual(await tiles(page, monthName), { 'Cash MVR': '4,120.00', 'Swipe MVR': '1,980.50', 'Stripe MVR': '310.25', 'Total MVR': '6,410.75' });
        assert.deepEqual(await tiles(page, String(today.year)), { 'Cash MVR': '28,140.00', 'Swipe MVR': '9,870.40', 'Stripe MVR': '110.00', 'Total MVR': '38,120.40' });
        assert.equal(calls.length, 8, `one call per chart and block: ${calls.join(', ')}`);
        assert.ok(calls.every((call) => !call.includes('shop=')), 'an admin sends no shop');
        await shot(page, `dashboard-admin-${device}`);

        const weekly = panel(page, 'Weekly Sales Trends');
        const before = calls.length;
        await weekly.getByRole('tab', { name: 'Cash' }).click();
        await weekly.locator('table tbody tr').first().locator('td', { hasText: '120.00' }).waitFor();
        assert.deepEqual(calls.slice(before), ['/admin/dashboard/invoices/week?methods=cash']);
        assert.equal(await weekly.getByRole('tab', { name: 'Cash' }).getAttribute('aria-selected'), 'true');
        assert.equal(await weekly.getByRole('tab', { selected: true }).count(), 1);
        assert.equal(await panel(page, 'Monthly Sales Trends').getByRole('tab', { selected: true }).textContent(), 'All');
        await page.waitForTimeout(1000);
        await shot(page, `dashboard-admin-weekly-cash-${device}`);
      });
    });

    it('super admin: the dashboard of the shop chosen in the bar', async () => {
      const calls = [];
      const answers = {
        'GET /super-admin/check-logged': ok(superAdmin),
        'GET /super-admin/shops': ok([shop]),
        ...dashboardAnswers('/super-admin/dashboard/invoices', calls),
      };
      await visit(viewport, '/super/admin', answers, async (page) => {
        await page.getByRole('heading', { name: 'Welcome, Root' }).waitFor();
        await assertFetchedToastCoversNothing(page);
        await waitForCharts(page);
        assert.equal(calls.length, 8);
        assert.ok(calls.every((call) => call.includes('?shop=shop-1')), `every call names the shop: ${calls.join(', ')}`);
        await shot(page, `dashboard-super-admin-${device}`);
      });
    });
  });
}

it('a failed call is toasted with SPEC’s "Failed to fetch sales data!"', async () => {
  const answers = {
    'GET /admin/check-logged': ok(admin),
    'GET /shop/check-login': ok(shop),
    ...dashboardAnswers('/admin/dashboard/invoices', []),
    'GET /admin/dashboard/invoices/categories': failed(500, ''),
  };
  await visit(viewports.desktop, '/admin', answers, async (page) => {
    await page.locator('[data-sonner-toast]', { hasText: 'Failed to fetch sales data!' }).first().waitFor();
    await panel(page, 'Category Sales Trends').getByRole('button', { name: 'Retry' }).waitFor();
  });
});
