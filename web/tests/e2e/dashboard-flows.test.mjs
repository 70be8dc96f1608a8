// End-to-end against the REAL server (scripts/lib/e2e.sh starts it with POS_DEMO=1 and a
// throwaway database): issue 6's dashboard after real sales on the demo shop. A staff member
// sells twice (cash, then swipe); the admin's dashboard then shows them in today's Sales
// Performance tiles and in the weekly chart, each amount the server's own. Other flows may have
// sold on the demo shop today too, so the dashboard's figures are read (through the API, with
// the admin's cookies) before the sales and must grow by exactly the two invoices' totals.
// Test files run one at a time (package.json's e2e script), so no other sale lands meanwhile.
// The till is local-first (docs/api-till-sync.md): a sale counts once its outbox has sent it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  adminSignIn,
  allSent,
  atPath,
  cents,
  demoStaffId,
  openFromMenu,
  runFlow,
  serverInvoice,
  staffSignIn,
  tillAnswer,
  toast,
} from './demo-shop.mjs';
import { launchBrowser, shot, url } from './support.mjs';

// The demo catalogue and customers (server/src/setup/demo_content.rs).
const aisha = { name: 'Aisha Ali', phone: '7771234' };
const hassan = { name: 'Hassan Naseer', phone: '7785555' };
const cheddar = 'Cheddar Cheese 200g';
const croissant = 'Croissant';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * Today in the shop's time zone, as the server dates sales and the dashboard opens: at 19:30 UTC
 * it is already tomorrow in the Maldives. `label` is how the weekly chart names the day.
 */
function shopToday(timeZone) {
  const now = new Date();
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const label = `${new Intl.DateTimeFormat('en', { timeZone, weekday: 'short' }).format(now)} ${Number(parts.day)}`;
  return { query: `year=${parts.year}&month=${parts.month}&day=${parts.day}`, label };
}

/** The signed-in till's shop time zone. */
async function shopTimeZone(page) {
  const response = await page.request.get(url('/api/v1/shop/check-login'));
  assert.equal(response.status(), 200);
  const zone = (await response.json()).data.timeZone;
  assert.ok(zone, 'the shop has a time zone');
  return zone;
}
const dashboard = (resource) => url(`/api/v1/admin/dashboard/invoices/${resource}`);

/** The server's dashboard figures for today, read with the page's (admin's) cookies. */
async function todaysFigures(page, todayQuery) {
  const read = async (address) => {
    const response = await page.request.get(address);
    assert.equal(response.status(), 200, `${address} answers 200`);
    return (await response.json()).data;
  };
  const summary = await read(dashboard(`payment-method?${todayQuery}`));
  const method = (name) => cents(summary.date.paymentMethod.find((entry) => entry.paymentType.paymentMethod === name).roundedTotalAmount);
  const lastDay = (rows) => {
    assert.equal(rows.length, 7, 'the week is 7 days');
    return cents(rows[6].roundedTotalAmount);
  };
  return {
    cash: method('cash'),
    swipe: method('internal-device'),
    card: method('digital'),
    total: cents(summary.date.grandTotal.roundedTotalAmount),
    weekAll: lastDay(await read(dashboard('week?methods=all'))),
    weekCash: lastDay(await read(dashboard('week?methods=cash'))),
  };
}

/**
 * One sale at the till: the customer by phone, one product tile, paid by `method`. The cart's
 * first command creates the server's invoice (201), or moves the walk-in sale's empty cart that
 * follows a payment to the customer (200); its number then heads the cart. The payment is
 * recorded on the device and sent by the outbox. Answers the server's invoice, whose total must
 * be the one the cashier was shown.
 */
async function sell(page, customer, productName, method, methodName) {
  const created = tillAnswer(page);
  await page.getByLabel('Customer phone').fill(customer.phone);
  const cart = await created;
  assert.ok(cart.status === 201 || cart.status === 200, `the cart is the customer's (${cart.status})`);
  assert.equal(cart.invoice.customer.phoneNumber, customer.phone);
  await page.locator('.cart-panel').getByRole('heading', { name: cart.invoice.invoiceNumber }).waitFor();

  const tile = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${productName}`) });
  await tile.click();
  await tile.getByText(/^In cart: /).waitFor();
  const totalText = await page.locator('.cart-panel').getByLabel('Total', { exact: true }).textContent();

  await page.locator('.cart-panel').getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
  await dialog.waitFor();
  const paid = tillAnswer(page, { action: '/payment', ref: cart.ref });
  await dialog.getByRole('button', { name: method, exact: true }).click();
  await toast(page, 'Payment successful.').waitFor();
  const question = page.getByRole('dialog', { name: 'Proceed to print?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  // The till is ready for the next customer: a walk-in sale is open.
  await atPath(page, '/staff');
  await page.locator('.cart-panel').getByText('Walk-in customer').waitFor();
  const payment = await paid;
  assert.equal(payment.status, 200);
  await allSent(page);
  // Back to the till for the next customer, as the cashier would.
  await openFromMenu(page, 'Staff menu', 'Cart', '/staff');
  await page.getByLabel('Customer phone').waitFor();

  const invoice = await serverInvoice(page, cart.invoice._id);
  assert.equal(invoice.ref, cart.ref);
  assert.equal(invoice.status, 'paid');
  assert.equal(invoice.paymentMethod, methodName);
  assert.equal(cents(invoice.totalAmount), cents(totalText), "the server's total is the one the cashier was shown");
  return invoice;
}

/** A Sales Performance block's four tiles in cents, by its label. */
async function tiles(page, label) {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.locator('dd').first().waitFor();
  const terms = await group.locator('dt').allTextContents();
  const values = await group.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, cents(values[index])]));
}

const panel = (page, title) => page.getByRole('region', { name: title, exact: true });

/** The weekly chart's last day (today) as its table for screen readers reads it: [label, cents]. */
async function weeklyToday(page) {
  const lastRow = panel(page, 'Weekly Sales Trends').locator('table tbody tr').last();
  await lastRow.waitFor();
  return [await lastRow.locator('th').textContent(), cents(await lastRow.locator('td').textContent())];
}

describe('the dashboard after real sales', () => {
  it('shows a cash and a swipe sale in today’s tiles and the weekly chart; a tab changes only its chart', async () => {
    const admin = await browser.newContext();
    let before;
    let staffId;
    let today;
    try {
      const page = await admin.newPage();
      await adminSignIn(page);
      today = shopToday(await shopTimeZone(page));
      before = await todaysFigures(page, today.query);
      staffId = await demoStaffId(page);
    } finally {
      await admin.close();
    }

    const sold = {};
    await runFlow(browser, 'dashboard-flow', 'sales', async (page) => {
      await staffSignIn(page, staffId);
      sold.cash = await sell(page, aisha, cheddar, 'Cash', 'cash');
      sold.swipe = await sell(page, hassan, croissant, 'Swipe', 'internal-device');
    });
    const cashSale = cents(sold.cash.totalAmount);
    const swipeSale = cents(sold.swipe.totalAmount);
    assert.ok(cashSale > 0 && swipeSale > 0, 'both sales have a total');

    await runFlow(browser, 'dashboard-flow', 'admin', async (page) => {
      const dashboardCalls = [];
      page.on('request', (request) => {
        const address = new URL(request.url());
        if (address.pathname.includes('/dashboard/')) dashboardCalls.push(`${address.pathname}${address.search}`);
      });
      await adminSignIn(page);
      await page.getByRole('region', { name: 'Sales Performance' }).waitFor();

      assert.deepEqual(await tiles(page, 'Today'), {
        'Cash MVR': before.cash + cashSale,
        'Swipe MVR': before.swipe + swipeSale,
        'Stripe MVR': before.card,
        'Total MVR': before.total + cashSale + swipeSale,
      });
      const [label, weekAll] = await weeklyToday(page);
      assert.equal(label, today.label, "the week ends on the shop's today");
      assert.equal(weekAll, before.weekAll + cashSale + swipeSale);
      for (const title of ['Monthly Sales Trends', 'Yearly Sales Trends', 'This Month Sales Trend', 'Category Sales Trends']) {
        await panel(page, title).locator('table tbody tr').first().waitFor();
      }
      await page.waitForTimeout(1600); // recharts' first drawing animates: let it end for the picture
      await shot(page, 'dashboard-flow-admin');

      const weekly = panel(page, 'Weekly Sales Trends');
      const monthlyBefore = await panel(page, 'Monthly Sales Trends').locator('table').textContent();
      const callsBefore = dashboardCalls.length;
      const refetched = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/dashboard/invoices/week'));
      await weekly.getByRole('tab', { name: 'Cash' }).click();
      assert.equal((await refetched).status(), 200);
      await weekly.locator('table caption', { hasText: 'Weekly Sales Trends, Cash' }).waitFor({ state: 'attached' });
      const [, weekCash] = await weeklyToday(page);
      assert.equal(weekCash, before.weekCash + cashSale, 'the cash chart holds the cash sale, not the swipe one');
      assert.deepEqual(dashboardCalls.slice(callsBefore), ['/api/v1/admin/dashboard/invoices/week?methods=cash']);
      assert.equal(await weekly.getByRole('tab', { selected: true }).textContent(), 'Cash');
      assert.equal(await panel(page, 'Monthly Sales Trends').getByRole('tab', { selected: true }).textContent(), 'All');
      assert.equal(await panel(page, 'Monthly Sales Trends').locator('table').textContent(), monthlyBefore);
      await page.waitForTimeout(1000);
      await shot(page, 'dashboard-flow-admin-weekly-cash');
    });
  });
});
