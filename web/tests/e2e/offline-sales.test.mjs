// End-to-end, issue 7's promise: a till keeps selling with no network and no server, and every
// sale reaches the server exactly once when they come back. The test runs a real server of its
// own (own-server.mjs) so it can stop it: the browser context goes offline AND the server
// process is stopped, the page is reloaded from the service worker, three sales are rung up
// (swipe, cash, and cash with a points redemption), the server is started again on the same
// database and the context goes online. Then the server holds exactly those three invoices with
// the totals the screen showed, and the till counts no unsynced change.
// The functions handed to page.evaluate and waitForFunction run in the page.
/* global document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, cartStored, cents, toast } from './demo-shop.mjs';
import { startOwnServer } from './own-server.mjs';
import { launchBrowser, navigateOffline, shot, viewports } from './support.mjs';

// The demo catalogue and customers (server/src/setup/demo_content.rs).
const aisha = { name: 'Aisha Ali', phone: '7771234' };
const hassan = { name: 'Hassan Naseer', phone: '7785555' };
const cheddar = 'Cheddar Cheese 200g';
const croissant = 'Croissant';
const mineralWater = { name: 'Mineral Water 1.5L', barcode: '8901001000011' };

let browser;
let server;
before(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startOwnServer()]);
});
after(async () => {
  await browser?.close();
  await server?.dispose();
});

const syncStatus = (page) => page.getByRole('button', { name: /^Sync status:/ });
const cartLines = (page) => page.getByRole('list', { name: 'Products in the cart' });
const totalOnScreen = (page) => page.locator('.cart-panel').getByLabel('Total', { exact: true }).textContent();

/** The till's sync pill says nothing is waiting (and a sync has happened). */
async function allSynced(page) {
  await page.waitForFunction(
    () => {
      const pill = [...document.querySelectorAll('button[aria-label^="Sync status:"]')][0];
      return pill && /^Sync status: 0 unsynced, Synced/.test(pill.getAttribute('aria-label'));
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** A customer by phone starts a cart; a tile or a scanned code adds each product. */
async function ringUp(page, customer, products) {
  await page.getByLabel('Customer phone').fill(customer.phone);
  await page.locator('.cart-panel').getByText(customer.name).waitFor();
  for (const product of products) {
    if (product.barcode) {
      const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
      await search.fill(product.barcode);
      await search.press('Enter');
    } else {
      await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${product.name}`) }).click();
    }
    await cartLines(page).getByText(product.name).waitFor();
  }
  await cartStored(page);
}

/** Pay with a method; answers the paid invoice's number as the print question shows it, and the total. */
async function payWith(page, method) {
  const totalText = await totalOnScreen(page);
  await page.locator('.cart-panel').getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
  await dialog.waitFor();
  if (method === 'Cash') await dialog.getByLabel('Received amount').fill(String(Math.ceil(cents(totalText) / 100) + 10));
  await dialog.getByRole('button', { name: method, exact: true }).click();
  await toast(page, 'Payment successful.').waitFor();
  const question = page.getByRole('dialog', { name: 'Proceed to print?' });
  const paidLine = await question.getByText(/ is paid /).textContent();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  return { number: paidLine.replace(/ is paid .*$/, ''), totalText };
}

/** The shop's paid invoices, as the server lists them (the page's session cookies). */
async function paidInvoices(page) {
  const response = await page.request.get(server.url('/api/v1/invoice?status=paid'));
  assert.equal(response.status(), 200);
  return (await response.json()).data;
}

describe('selling with no network and no server', () => {
  it('three offline sales reach the server exactly once when it comes back', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    page.setDefaultTimeout(15_000);
    try {
      await adminSignIn(page, server.url);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto(server.url('/admin/cart'));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.locator('html[data-core="ready"]').waitFor();

      // Online first: Aisha earns the points she redeems offline, and the till learns her balance.
      await ringUp(page, aisha, [{ name: cheddar }]);
      // A reload mid-sale comes back to the same cart. Its heading shows the device's provisional
      // number until the server's answer numbers it, so it is read once that has come back.
      await allSynced(page);
      await page.locator('#cart-panel-heading', { hasText: /^INV-/ }).waitFor();
      const cartNumber = await page.locator('#cart-panel-heading').textContent();
      await page.reload();
      await cartLines(page).getByText(cheddar).waitFor();
      assert.equal(await page.locator('#cart-panel-heading').textContent(), cartNumber);
      await payWith(page, 'Cash');
      await allSynced(page);
      await page.goto(server.url('/admin/cart'));
      await ringUp(page, aisha, []);
      await page.getByText(/^Points: (?!0\.00)/).waitFor({ timeout: 30_000 });
      const before = await paidInvoices(page);
      // Her empty cart is let go, so each offline sale is a cart made on the device (a kept empty
      // cart would be handed to the next customer with its server number).
      await page.getByRole('button', { name: 'Reset' }).click();
      await page.getByText('Type the customer’s phone number, or Walk-in (F6) for a buyer who gives none.').waitFor();

      // The network and the server both go away; the till reloads from the service worker.
      await context.setOffline(true);
      await server.stop();
      await navigateOffline(page, () => page.reload());
      await page.locator('html[data-core="ready"]').waitFor();
      await page.getByText('Offline', { exact: true }).waitFor();
      await page.getByLabel('Customer phone').waitFor();

      const sales = [];
      await ringUp(page, hassan, [mineralWater, { name: croissant }]);
      sales.push({ ...(await payWith(page, 'Swipe')), method: 'internal-device', redeem: 0 });
      await navigateOffline(page, () => page.goto(server.url('/admin/cart')));
      await ringUp(page, hassan, [{ name: cheddar }]);
      sales.push({ ...(await payWith(page, 'Cash')), method: 'cash', redeem: 0 });
      await navigateOffline(page, () => page.goto(server.url('/admin/cart')));
      await ringUp(page, aisha, [{ name: croissant }]);
      const beforeRedeem = cents(await totalOnScreen(page));
      // Cheddar earned Aisha 0.99 in points: she spends half a unit of them.
      assert.ok(cents(await page.getByText(/^Points: /).textContent()) >= 50, 'the till knows the points earned online');
      await page.getByLabel('Discount redeem').fill('0.50');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      await page.getByText(/redeemed MVR 0\.50/).waitFor();
      assert.equal(cents(await totalOnScreen(page)), beforeRedeem - 50);
      // Offline, a reload mid-sale (a crash, a closed tab) comes back to the same cart with its
      // line and its redemption.
      await navigateOffline(page, () => page.reload());
      await page.locator('html[data-core="ready"]').waitFor();
      await cartLines(page).getByText(croissant).waitFor();
      await page.getByText(/redeemed MVR 0\.50/).waitFor();
      assert.equal(cents(await totalOnScreen(page)), beforeRedeem - 50);
      await shot(page, 'offline-sales-restored-after-reload');
      sales.push({ ...(await payWith(page, 'Cash')), method: 'cash', redeem: 50 });

      for (const sale of sales) assert.match(sale.number, /^Provisional [0-9A-F]{4}-\d{4,}$/, 'numbered by the device until synced');
      assert.match(await syncStatus(page).getAttribute('aria-label'), /^Sync status: [1-9]\d* unsynced/);
      await shot(page, 'offline-sales-pending');

      // Back: the server starts on the same database, the network returns.
      await server.restart();
      await context.setOffline(false);
      await allSynced(page);
      await shot(page, 'offline-sales-synced');

      const afterSync = await paidInvoices(page);
      const known = new Set(before.map((invoice) => invoice.ref));
      const added = afterSync.filter((invoice) => !known.has(invoice.ref));
      assert.equal(added.length, 3, 'exactly the three offline sales were added');
      for (const sale of sales) {
        const provisional = sale.number.replace('Provisional ', '');
        const matching = added.filter((invoice) => invoice.provisionalNumber === provisional);
        assert.equal(matching.length, 1, `one server invoice for ${sale.number}`);
        const [invoice] = matching;
        assert.match(invoice.invoiceNumber, /^INV-\d+$/);
        assert.equal(invoice.paymentMethod, sale.method);
        assert.equal(cents(invoice.totalAmount), cents(sale.totalText), `${sale.number}: the total the cashier saw`);
        assert.equal(cents(invoice.redeemAmount), sale.redeem);
      }
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await shot(page, 'offline-sales-failed').catch(() => {});
      throw error;
    } finally {
      await context.close();
    }
  });
});
