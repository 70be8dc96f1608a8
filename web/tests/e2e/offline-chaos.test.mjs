// Chaos, issue 7: the network fails at random while the till syncs its sales, and still no sale
// is lost or counted twice. Each cycle rings up one sale on a real till against a real server of
// the test's own; every request of the till's sync (`/api/v1/till/...`) meets, at random:
// - a cut BEFORE it reaches the server (the connection resets; nothing happened there),
// - a cut AFTER the server committed it but before the answer arrives (the hard case: the till
//   must retry with the same Idempotency-Key and get the first answer, not a second sale),
// - or nothing.
// While a cycle's commands sync, the whole browser also goes offline for random moments. A cycle
// ends when the till has nothing left to send; after the last one the server must hold exactly
// one invoice per sale, with the total the screen showed, and the till no rejected change. The number of cycles run is printed.
//
//   POS_CHAOS_CYCLES=200 bash scripts/test.sh   (long run; default 40, at most 400)
//   POS_CHAOS_SEED=42 ...                        (repeat a run's fault sequence)
// The functions handed to waitForFunction run in the page.
/* global document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, cents, toast } from './demo-shop.mjs';
import { startOwnServer } from './own-server.mjs';
import { launchBrowser, shot, viewports } from './support.mjs';

const cycles = Math.min(400, Math.max(1, Number(process.env.POS_CHAOS_CYCLES ?? 40)));
const seed = Number(process.env.POS_CHAOS_SEED ?? Date.now() % 1_000_000);

const customers = [
  { name: 'Aisha Ali', phone: '7771234' },
  { name: 'Hassan Naseer', phone: '7785555' },
];
const products = ['Croissant', 'Mineral Water 1.5L', 'Cola 330ml Can', 'White Bread Loaf'];

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
function random(seedValue) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let browser;
let server;
before(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startOwnServer()]);
});
after(async () => {
  await browser?.close();
  await server?.dispose();
});

/** What the till's sync pill counts as not yet accepted by the server. */
async function unsyncedCount(page) {
  const label = await page.getByRole('button', { name: /^Sync status:/ }).getAttribute('aria-label');
  return Number(/^Sync status: (\d+) unsynced/.exec(label ?? '')?.[1] ?? Number.NaN);
}

async function paidInvoices(page) {
  const response = await page.request.get(server.url('/api/v1/invoice?status=paid'));
  assert.equal(response.status(), 200);
  return (await response.json()).data;
}

/** One sale by swipe: customer, one product, Pay, no receipt. Answers its number and total. */
async function sellOne(page, customer, product) {
  await page.goto(server.url('/admin/cart'));
  await page.getByLabel('Customer phone').fill(customer.phone);
  await page.locator('.cart-panel').getByText(customer.name).waitFor();
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${product}`) }).click();
  await page.getByRole('list', { name: 'Products in the cart' }).getByText(product).waitFor();
  const totalText = await page.locator('.cart-panel').getByLabel('Total', { exact: true }).textContent();
  await page.locator('.cart-panel').getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
  await dialog.getByRole('button', { name: 'Swipe', exact: true }).click();
  await toast(page, 'Payment successful.').waitFor();
  const question = page.getByRole('dialog', { name: 'Proceed to print?' });
  const ref = await page.evaluate(() => document.querySelector('[data-invoice-ref]')?.getAttribute('data-invoice-ref') ?? '');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  return { ref, totalText };
}

describe('random network cuts while the till syncs', () => {
  it(`loses and doubles no sale over ${cycles} cycles`, async () => {
    const chance = random(seed);
    const faults = { before: 0, afterCommit: 0, offline: 0, passed: 0 };
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    page.setDefaultTimeout(15_000);
    let chaos = false;
    try {
      await adminSignIn(page, server.url);
      await page.goto(server.url('/admin/cart'));
      await page.locator('html[data-core="ready"]').waitFor();
      const before = new Set((await paidInvoices(page)).map((invoice) => invoice.ref));

      await context.route('**/api/v1/till/**', async (route) => {
        const roll = chaos ? chance() : 1;
        if (roll < 0.25) {
          faults.before += 1;
          return route.abort('connectionreset');
        }
        if (roll < 0.5) {
          // The server gets the request and commits; its answer never reaches the till.
          await route.fetch().catch(() => undefined);
          faults.afterCommit += 1;
          return route.abort('connectionreset');
        }
        faults.passed += 1;
        return route.continue();
      });

      chaos = true;
      const sales = [];
      for (let cycle = 0; cycle < cycles; cycle += 1) {
        const customer = customers[Math.floor(chance() * customers.length)];
        const product = products[Math.floor(chance() * products.length)];
        sales.push(await sellOne(page, customer, product));
        // The sale is on the till at once; its commands now sync through the faults. Going
        // offline for a moment is a cut too, and coming back online sends at once whatever is
        // backing off, so a cycle ends when the till has nothing left to send.
        for (let wait = 0; (await unsyncedCount(page)) > 0; wait += 1) {
          assert.ok(wait < 400, `cycle ${cycle}: the till still has unsynced changes`);
          await page.waitForTimeout(100);
          if (chance() < 0.3) {
            faults.offline += 1;
            await context.setOffline(true);
            await page.waitForTimeout(Math.floor(chance() * 300));
            await context.setOffline(false);
          }
        }
      }
      chaos = false;
      await page.waitForFunction(
        () => /^Sync status: 0 unsynced, Synced/.test(document.querySelector('button[aria-label^="Sync status:"]')?.getAttribute('aria-label') ?? ''),
        undefined,
        { timeout: 30_000 },
      );

      // A lost answer retried must come back as the first answer, never as a refusal (a
      // rejected payment would be rolled back on the till while the server kept the sale).
      const status = await page.getByRole('button', { name: /^Sync status:/ }).getAttribute('aria-label');
      assert.doesNotMatch(status, /rejected/, status);

      const added = (await paidInvoices(page)).filter((invoice) => !before.has(invoice.ref));
      const byRef = new Map(added.map((invoice) => [invoice.ref, invoice]));
      assert.equal(byRef.size, added.length, 'no ref twice');
      const lost = sales.filter((sale) => !byRef.has(sale.ref));
      const extra = added.filter((invoice) => !sales.some((sale) => sale.ref === invoice.ref));
      console.log(
        `chaos: ${cycles} cycles (seed ${seed}); requests cut before the server ${faults.before}, ` +
          `cut after its commit ${faults.afterCommit}, passed ${faults.passed}; offline moments ${faults.offline}; ` +
          `lost ${lost.length}, duplicated ${extra.length}`,
      );
      assert.deepEqual(lost, [], 'every sale reached the server');
      assert.deepEqual(extra, [], 'no sale reached it twice');
      for (const sale of sales) assert.equal(cents(byRef.get(sale.ref).totalAmount), cents(sale.totalText), `the total of ${sale.ref}`);
      assert.ok(faults.afterCommit > 0 || cycles < 4, 'the run cut answers after the commit');
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await shot(page, 'offline-chaos-failed').catch(() => {});
      throw error;
    } finally {
      chaos = false;
      await context.close();
    }
  });
});
