// End-to-end against the REAL server (POS_DEMO=1): the back office's shifts. Through the API,
// with the demo admin's own session, a till opens a shift with a float, sells a product in it,
// pays cash out, and closes with the drawer counted 1.00 short. The admin then opens Shifts from
// the menu, finds the shift, opens its Z report (core's figures), previews it as printed on the
// 80 mm roll, and downloads the CSV with the same figures. Screenshots at three sizes.
/* global document, window */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, atPath, cents, openFromMenu, runFlow } from './demo-shop.mjs';
import { launchBrowser, shot, url } from './support.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A device code of its own, so reruns on one database never meet another run's open shift. */
const device = randomUUID().slice(0, 4).toUpperCase().replace(/[^0-9A-F]/g, 'A');

async function call(page, method, path, data) {
  const response = await page.request.fetch(url(`/api/v1${path}`), { method, data });
  const body = await response.json();
  assert.ok(response.status() < 300, `${method} ${path}: ${response.status()} ${body.message}`);
  return body.data;
}

/** A shift on `device` with one cash sale, a pay out and a count 1.00 short; its `_id` and the sale's total. */
async function workAShift(page) {
  const shiftRef = randomUUID();
  const now = Date.now();
  const shift = await call(page, 'PUT', `/till/shifts/${shiftRef}`, {
    deviceCode: device, openingFloat: '100.00', openedAt: now - 120_000, provisionalNumber: '',
  });
  const [product] = await call(page, 'GET', '/product?limit=1');
  const [customer] = await call(page, 'GET', '/customer?limit=1');
  const invoice = {
    customerId: customer._id, status: 'active', provisionalNumber: `${device}-0001`, createdAt: now - 90_000, redeemAmount: '0',
    lines: [{
      productId: product._id, quantity: '1', productName: product.productName, unit: product.unit ?? 'no', customProduct: false,
      sellingPrice: String(product.sellingPrice), costPrice: String(product.costPrice ?? '0'), costPriceProfit: '0',
      discount: '0', discountType: 'percentage', categoryDiscountRate: '0', productTax: '0', loyaltyRate: '0',
    }],
  };
  const sale = await call(page, 'POST', `/till/invoices/${randomUUID()}/payment`, {
    method: 'cash', paidAt: now - 60_000, offline: true, totalAmount: String(product.sellingPrice), invoice, shiftRef,
  });
  await call(page, 'POST', `/till/shifts/${shiftRef}/movements`, {
    ref: randomUUID(), kind: 'payOut', amount: '5.50', reason: 'Milk, "full fat"', at: now - 30_000,
  });
  // Expected: 100.00 + the sale - 5.50; counted 1.00 less.
  const expected = 10_000 + cents(sale.totalAmount) - 550;
  const counted = expected - 100;
  await call(page, 'POST', `/till/shifts/${shiftRef}/close`, { closedAt: now, countedCash: (counted / 100).toFixed(2) });
  return { id: shift._id, number: shift.number, expected, counted };
}

const money = (amountCents) => `MVR ${(amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

describe('the back office’s shifts', () => {
  it('lists a worked shift, shows and prints its Z report, and downloads the CSV', async () => {
    await runFlow(browser, 'shift-office', 'z-report', async (page) => {
      await adminSignIn(page);
      const worked = await workAShift(page);

      await openFromMenu(page, 'Admin menu', 'Shifts', '/admin/shifts');
      await page.getByLabel('Till').fill(device);
      const row = page.getByRole('row').filter({ hasText: worked.number });
      await row.waitFor();
      await row.locator('.shifts-table__difference--short', { hasText: '-MVR 1.00' }).getByText('short').waitFor();
      for (const [name, viewport] of [['1024x768', { width: 1024, height: 768 }], ['768x1024', { width: 768, height: 1024 }], ['1440x900', { width: 1440, height: 900 }]]) {
        await page.setViewportSize(viewport);
        await shot(page, `shift-office-list-${name}`);
      }

      await row.getByRole('link', { name: worked.number }).click();
      await atPath(page, `/admin/shifts/${worked.id}`);
      const sheet = page.locator('.shift-sheet');
      await sheet.getByText('Z report', { exact: true }).waitFor();
      const line = (label) => sheet.locator('.shift-sheet__line', { has: page.locator('dt', { hasText: label }) }).locator('dd');
      assert.equal(await line('Number of sales').first().textContent(), '1');
      assert.equal(await line('Expected cash').textContent(), money(worked.expected));
      assert.equal(await line('Counted cash').textContent(), money(worked.counted));
      assert.equal(await sheet.locator('.shift-sheet__difference dd').textContent(), '-MVR 1.00 short');
      await sheet.getByText('Pay out: Milk, "full fat"').waitFor();
      for (const [name, viewport] of [['1024x768', { width: 1024, height: 768 }], ['768x1024', { width: 768, height: 1024 }], ['1440x900', { width: 1440, height: 900 }]]) {
        await page.setViewportSize(viewport);
        await shot(page, `shift-office-detail-${name}`);
      }

      // The printout: the 80 mm sheet alone, as the print stylesheet lays it out.
      await page.evaluate(() => {
        window.print = () => {};
      });
      await page.setViewportSize({ width: 302, height: 900 });
      await page.getByRole('button', { name: 'Print 80 mm' }).click();
      await page.evaluate(() => {
        // printShiftReport removes its copy once print() returns; keep one to photograph.
        const copy = document.createElement('div');
        copy.className = 'print-copy';
        copy.append(document.querySelector('.shift-sheet').cloneNode(true));
        copy.querySelector('.shift-sheet').className = 'shift-sheet shift-sheet--80mm';
        document.body.append(copy);
      });
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('#root').isVisible(), false, 'the app is hidden in print');
      const printed = page.locator('body > .print-copy .shift-sheet--80mm');
      assert.ok((await printed.boundingBox()).width <= 302, 'the roll is 80 mm wide');
      await shot(page, 'shift-office-print-80mm');
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize({ width: 1440, height: 900 });

      // The CSV: the same figures, computed on the server.
      await page.goto(url('/admin/shifts'));
      await page.getByLabel('Till').fill(device);
      await page.getByRole('row').filter({ hasText: worked.number }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
      assert.equal(download.suggestedFilename(), 'shifts.csv');
      const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
      const [header, ...rows] = text.trim().split('\n');
      const columns = header.split(',');
      assert.equal(rows.length, 1, text);
      const cells = rows[0].split(',');
      const cell = (name) => cells[columns.indexOf(name)];
      assert.equal(cell('number'), worked.number);
      assert.equal(cell('till'), device);
      assert.equal(cents(cell('expected_cash')), worked.expected);
      assert.equal(cents(cell('counted_cash')), worked.counted);
      assert.equal(cell('difference'), '-1.00');
    });
  });
});
