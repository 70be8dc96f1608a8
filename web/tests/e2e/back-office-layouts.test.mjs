// End-to-end against the REAL server (scripts/lib/e2e.sh starts it with POS_DEMO=1 and a
// throwaway database): every back-office screen of the demo shop's admin and of the super admin,
// on a landscape tablet (1024x768), a portrait one (768x1024) and a wide screen (1440x900). On
// each, the page never scrolls sideways (a table may, inside its own region) and no cell lies
// under a column pinned at a table's edge; in the products table every selling price and cost in
// view is what the screen shows at its centre, not the pinned actions, also once scrolled to.
// The super admin is the one scripts/lib/e2e.sh configures (POS_E2E_SUPER_ADMIN_*), or the demo's
// own when the file runs by hand against a plain POS_DEMO=1 server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, atPath, demo } from './demo-shop.mjs';
import { launchBrowser, openPage, shot, url } from './support.mjs';

const superAdmin = {
  phone: process.env.POS_E2E_SUPER_ADMIN_PHONE ?? '7000000',
  password: process.env.POS_E2E_SUPER_ADMIN_PASSWORD ?? 'super1234',
};

const sizes = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];
const sizeName = ({ width, height }) => `${width}x${height}`;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A signed-in page at `viewport`; fails on uncaught page errors and is photographed where it stopped. */
async function session(viewport, name, signIn, body) {
  const { page, context, pageErrors } = await openPage(browser, viewport, '/');
  page.setDefaultTimeout(15_000);
  try {
    await signIn(page);
    await body(page);
    assert.deepEqual(pageErrors, []);
  } catch (error) {
    await shot(page, `layouts-${name}-${sizeName(viewport)}-failed`).catch(() => {});
    throw error;
  } finally {
    await context.close();
  }
}

async function superAdminSignIn(page) {
  await page.goto(url('/super/admin/login'));
  await page.getByLabel('Mobile number').fill(superAdmin.phone);
  await page.getByLabel('Password', { exact: true }).fill(superAdmin.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/super/admin');
}

/** The data of a GET the page's session may make. */
async function apiData(page, path) {
  const response = await page.request.get(url(`/api/v1${path}`));
  assert.equal(response.status(), 200, `GET ${path}`);
  return (await response.json()).data;
}

/** The screen has its heading and has finished loading: nothing busy, no "Loading" left in it. */
async function settled(page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => {
    const main = globalThis.document.querySelector('main');
    return main && !main.querySelector('[aria-busy="true"]') && !/Loading/.test(main.innerText);
  });
}

/**
 * How wide the page scrolls against the window, and every cell that lies under a cell of its
 * row pinned at the table's left or right edge (a header pinned at the top is not one).
 */
const layout = (page) =>
  page.evaluate(() => {
    const { document } = globalThis;
    const covered = [];
    for (const row of document.querySelectorAll('main tr')) {
      if (row.closest('.visually-hidden')) continue;
      const cells = [...row.cells];
      const pinned = cells.filter((cell) => {
        const style = globalThis.getComputedStyle(cell);
        return style.position === 'sticky' && (style.left !== 'auto' || style.right !== 'auto');
      });
      for (const pin of pinned) {
        const edge = pin.getBoundingClientRect();
        for (const cell of cells) {
          if (pinned.includes(cell)) continue;
          const box = cell.getBoundingClientRect();
          const overlap = Math.min(box.right, edge.right) - Math.max(box.left, edge.left);
          if (overlap > 0.5) covered.push(`"${cell.textContent.trim()}" under "${pin.textContent.trim()}" by ${overlap.toFixed(1)}px`);
        }
      }
    }
    return { scrollWidth: document.scrollingElement.scrollWidth, innerWidth: globalThis.innerWidth, covered };
  });

/** Visits each screen in turn; returns what was wrong on any, one line each. */
async function walk(page, prefix, viewport, screens) {
  const problems = [];
  for (const screen of screens) {
    await page.goto(url(screen.path));
    await settled(page);
    const { scrollWidth, innerWidth, covered } = await layout(page);
    if (scrollWidth > innerWidth) problems.push(`${screen.name}: the page scrolls sideways (${scrollWidth} > ${innerWidth})`);
    for (const cell of covered.slice(0, 3)) problems.push(`${screen.name}: ${cell}`);
    await shot(page, `layouts-${prefix}-${screen.name}-${sizeName(viewport)}`);
  }
  return problems;
}

/**
 * Every cell of the columns whose header starts with one of `headers` that is in view in the
 * products table's region (and not under a toast): whether the element at its centre is the
 * cell or inside it.
 */
const priceCells = (page, headers) =>
  page.evaluate((starts) => {
    const { document } = globalThis;
    const region = document.querySelector('[role="region"][aria-labelledby]');
    const table = region.querySelector('table');
    const columns = [...table.tHead.rows[0].cells]
      .map((th, index) => ({ index, header: th.textContent.trim() }))
      .filter(({ header }) => starts.some((start) => header.startsWith(start)));
    const view = region.getBoundingClientRect();
    const left = Math.max(view.left, 0);
    const right = Math.min(view.right, globalThis.innerWidth);
    const top = Math.max(view.top + table.tHead.getBoundingClientRect().height, 0);
    const bottom = Math.min(view.bottom, globalThis.innerHeight);
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((element) => element.getBoundingClientRect());
    const results = [];
    for (const [rowIndex, row] of [...table.tBodies[0].rows].entries()) {
      for (const { index, header } of columns) {
        const cell = row.cells[index];
        const box = cell.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < left || x > right || y < top || y > bottom) continue;
        if (toasts.some((t) => x >= t.left && x <= t.right && y >= t.top && y <= t.bottom)) continue;
        const hit = document.elementFromPoint(x, y);
        results.push({
          rowIndex,
          cell: `${header}: ${cell.textContent.trim()}`,
          itself: hit !== null && cell.contains(hit),
          hit: hit?.closest('td, th')?.textContent.trim() ?? hit?.tagName,
        });
      }
    }
    return { columns: columns.map(({ header }) => header), results };
  }, headers);

/** Scrolls the products table's region to its far end, then brings the first row's `header` cell into view. */
const scrollToCell = (page, header) =>
  page.evaluate((start) => {
    const region = globalThis.document.querySelector('[role="region"][aria-labelledby]');
    const table = region.querySelector('table');
    const index = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent.trim().startsWith(start));
    region.scrollLeft = region.scrollWidth;
    table.tBodies[0].rows[0].cells[index].scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, header);

describe('back-office screens at tablet and desktop sizes', () => {
  for (const viewport of sizes) {
    it(`the admin's screens at ${sizeName(viewport)}: no sideways page scroll, no cell under a pinned column`, () =>
      session(viewport, 'admin', adminSignIn, async (page) => {
        const staff = (await apiData(page, '/admin/staff/list')).find((person) => person.role === 'staff');
        const [customer] = await apiData(page, '/customer');
        const [invoice] = await apiData(page, '/invoice?status=paid&limit=1');
        assert.ok(staff && customer && invoice, 'the demo shop has a staff member, a customer and a paid invoice');
        const problems = await walk(page, 'admin', viewport, [
          { name: 'dashboard', path: '/admin' },
          { name: 'products', path: '/admin/product/view' },
          { name: 'add-product', path: '/admin/add/product' },
          { name: 'upload-products', path: '/admin/upload/products/csv' },
          { name: 'categories', path: '/admin/category/view' },
          { name: 'add-category', path: '/admin/add/category' },
          { name: 'upload-categories', path: '/admin/upload/categories/csv' },
          { name: 'customers', path: '/admin/customer/view' },
          { name: 'add-customer', path: '/admin/customer/add' },
          { name: 'customer-invoices', path: `/admin/customer/view/invoice/${customer._id}` },
          { name: 'staff', path: '/admin/staff/view' },
          { name: 'add-staff', path: '/admin/staff/signup' },
          { name: 'permissions', path: `/admin/permissions/${staff._id}` },
          { name: 'loyalty', path: '/admin/loyalty/points' },
          { name: 'invoices', path: '/admin/invoices' },
          { name: 'invoice', path: `/admin/invoice/data/${invoice._id}` },
          { name: 'open-orders', path: '/admin/open/orders' },
          { name: 'sync-review', path: '/admin/sync/review' },
          // Opening the screen makes no invoice (its first change does), so leaving leaves nothing.
          { name: 'custom-invoice', path: '/admin/custom/invoice' },
        ]);
        assert.deepEqual(problems, []);
      }));

    it(`the products table at ${sizeName(viewport)}: each price in view is not under the pinned actions, at rest or scrolled to`, () =>
      session(viewport, 'products', adminSignIn, async (page) => {
        await page.goto(url('/admin/product/view'));
        await settled(page);
        await page.getByRole('columnheader', { name: 'Action' }).waitFor();
        const atRest = await priceCells(page, ['Selling price', 'Cost']);
        assert.deepEqual(atRest.columns, ['Cost (MVR)', 'Selling price (MVR)']);
        // Enough rows in view that the check cannot pass on nothing.
        assert.ok(atRest.results.length >= 6, `only ${atRest.results.length} price cells in view`);
        assert.deepEqual(atRest.results.filter((cell) => !cell.itself), []);
        await shot(page, `layouts-products-${sizeName(viewport)}`);

        // Coming back to a price from the table's far end stops short of the pinned actions.
        await scrollToCell(page, 'Selling price');
        const scrolled = await priceCells(page, ['Selling price']);
        const first = scrolled.results.find((cell) => cell.rowIndex === 0);
        assert.ok(first, 'the first row’s selling price is in view');
        assert.equal(first.itself, true, `the first row's selling price is under "${first.hit}"`);
      }));

    it(`the super admin's screens at ${sizeName(viewport)}: no sideways page scroll, no cell under a pinned column`, () =>
      session(viewport, 'super-admin', superAdminSignIn, async (page) => {
        const shops = await apiData(page, '/super-admin/shops');
        const demoShop = shops.find((shop) => shop.email === demo.shopEmail);
        assert.ok(demoShop, 'the demo shop is listed');
        const [employee] = await apiData(page, `/super-admin/employees?shop=${encodeURIComponent(demoShop._id)}`);
        assert.ok(employee, 'the demo shop has people');
        const problems = await walk(page, 'super-admin', viewport, [
          { name: 'dashboard', path: '/super/admin' },
          { name: 'shops', path: '/super/admin/shops' },
          { name: 'employees', path: '/super/admin/staffs' },
          { name: 'create-shop', path: '/super/admin/create/shop' },
          { name: 'create-employee', path: '/super/admin/create/staff' },
          { name: 'permissions', path: `/super/admin/permissions/${employee._id}` },
        ]);
        assert.deepEqual(problems, []);
      }));
  }
});
