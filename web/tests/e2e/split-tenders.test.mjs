// End-to-end against the REAL server (the demo shop): a sale paid in parts. The admin sets the
// shop's cash rounding to 0.05 on the receipt settings screen; at the till a customer pays part
// by swipe and the rest in cash, the dialog listing the part taken, Paid, Remaining and the
// cash due; the change is shown, and the server keeps both parts, the cash handed over, the
// change and the rounding. The dialog with a part taken is photographed at 1024x768, 768x1024
// and 1440x900 (web/test-results/split-tenders-*.png) with Total and the buttons in view.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, cents, tillAnswer, toast, addTileToCart, insideWindow, tillSizes as sizes } from './demo-shop.mjs';
import { launchBrowser, shot, url } from './support.mjs';

const cheddar = 'Cheddar Cheese 200g';
const croissant = 'Croissant';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const panel = (page) => page.locator('.cart-panel');

/** Cents rounded to the nearest 5, halves up (the shop's 0.05 step). */
const toFive = (amount) => Math.floor((amount + 2) / 5) * 5;

describe('a sale paid in parts', () => {
  it('takes a swipe part and the rest in cash with the shop’s rounding, and the server keeps both parts and the change', async () => {
    const context = await browser.newContext({ viewport: sizes.landscape });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    page.setDefaultTimeout(15_000);
    try {
      await adminSignIn(page);
      // 1. The shop rounds cash to 0.05.
      await page.goto(url('/admin/receipt'));
      const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/shop/payment-settings' && response.request().method() === 'PUT');
      await page.getByLabel('Cash rounding').selectOption('0.05');
      assert.equal((await saved).status(), 200);

      // 2. A sale at the till, the customer paying 20.00 by swipe and handing over 120.00 in cash.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto(url('/admin/cart'));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.locator('html[data-core="ready"]').waitFor();
      await page.getByRole('button', { name: /^Sync status: .*Synced / }).waitFor();
      await page.getByRole('button', { name: 'Walk-in' }).click();
      await panel(page).getByText('Walk-in customer').waitFor().catch(async (error) => {
        await shot(page, 'split-tenders-failed');
        throw error;
      });
      await addTileToCart(page, cheddar);
      await addTileToCart(page, croissant);
      await addTileToCart(page, croissant);
      const total = cents(await panel(page).getByLabel('Total', { exact: true }).textContent());
      assert.ok(total > 2000 && total < 12000, `a total between 20 and 120 (${total})`);
      await panel(page).getByRole('button', { name: 'Pay', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
      await dialog.getByLabel('Received amount').fill('20');
      await dialog.getByRole('button', { name: 'Swipe', exact: true }).click();
      const parts = dialog.getByRole('region', { name: 'Parts taken' });
      await parts.getByText('20.00').first().waitFor();
      await dialog.getByText('Remaining').first().waitFor();
      // The card (Stripe) could pay what is left, as the last part; it says how much.
      const card = dialog.getByRole('button', { name: 'Pay', exact: true });
      assert.equal(await card.isDisabled(), false);
      const cardPays = `Card pays the MVR ${((total - 2000) / 100).toFixed(2)} left`;
      await dialog.getByText(cardPays).waitFor();
      assert.equal(await card.evaluate((button) => button.ownerDocument.getElementById(button.getAttribute('aria-describedby'))?.textContent), cardPays);

      for (const [name, viewport] of Object.entries(sizes)) {
        await page.setViewportSize(viewport);
        await insideWindow(dialog.getByRole('heading', { name: /^Total payable amount/ }), viewport, `the total (${name})`);
        await insideWindow(dialog.getByRole('button', { name: 'Cash', exact: true }), viewport, `Cash (${name})`);
        await insideWindow(dialog.getByRole('button', { name: 'Cancel', exact: true }), viewport, `Cancel (${name})`);
        await shot(page, `split-tenders-${name}`);
      }
      await page.setViewportSize(sizes.landscape);

      const sent = tillAnswer(page, { action: '/payment' });
      await dialog.getByLabel('Received amount').fill('120');
      await dialog.getByRole('button', { name: 'Cash', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Proceed to print?' });
      await question.waitFor();
      const cashDue = toFive(total - 2000);
      const change = 12000 - cashDue;
      await question.getByText(new RegExp(`${(change / 100).toFixed(2)}`)).first().waitFor();
      await shot(page, 'split-tenders-change');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await toast(page, 'Payment successful.').waitFor();

      // 3. The server keeps both parts as core worked them out.
      const answer = await sent;
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.request.tenders, [
        { method: 'internal-device', amount: '20.00' },
        { method: 'cash', amount: '120.00' },
      ]);
      assert.equal(answer.request.cashRounding, '0.05');
      const paid = answer.invoice;
      assert.deepEqual(
        paid.tenders.map((part) => [part.method, cents(part.amount)]),
        [['internal-device', 2000], ['cash', total - 2000]],
      );
      assert.equal(cents(paid.cashReceived), 12000);
      assert.equal(cents(paid.change), change);
      assert.equal(cents(paid.rounding), cashDue - (total - 2000));
      assert.equal(cents(paid.totalAmount), total);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
