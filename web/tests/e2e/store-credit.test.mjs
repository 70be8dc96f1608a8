// End-to-end against the REAL server (the demo shop): a customer's store credit. The admin adds
// a customer and tops up 30.00 of store credit in cash; at the till the customer pays a sale in
// three ways (20.00 of store credit, 20.00 by swipe, the rest in cash); the admin then refunds
// 30.00 of it to store credit. The server's ledger is read at each step. The payment dialog with
// the store credit part taken is photographed at 1024x768, 768x1024 and 1440x900
// (web/test-results/store-credit-*.png) with Total and the buttons in view.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, atPath, cents, tillAnswer, toast, addTileToCart, insideWindow, tillSizes as sizes } from './demo-shop.mjs';
import { launchBrowser, shot, url } from './support.mjs';

const cheddar = 'Cheddar Cheese 200g';
const croissant = 'Croissant';
const run = String(Date.now()).slice(-6);
const customer = { name: `Credit Holder ${run}`, phone: `6${run}` };

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const panel = (page) => page.locator('.cart-panel');

/** The customer's store credit as the server keeps it: `{balance, entries}` in cents, newest first. */
async function ledger(page, customerId) {
  const response = await page.request.get(url(`/api/v1/customer/${customerId}/store-credit`));
  assert.equal(response.status(), 200);
  const { balance, entries } = (await response.json()).data;
  return { balance: cents(balance), entries: entries.map((entry) => [entry.kind, cents(entry.amount)]) };
}

describe('store credit', () => {
  it('is topped up, spends as one of three tenders at the till, and takes a refund', async () => {
    const context = await browser.newContext({ viewport: sizes.landscape });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    page.setDefaultTimeout(15_000);
    try {
      await adminSignIn(page);
      // 1. A new customer, and 30.00 of store credit taken in cash.
      await page.goto(url('/admin/customer/add'));
      await page.getByLabel('Customer name').fill(customer.name);
      await page.getByLabel('Phone number').fill(customer.phone);
      await page.getByRole('button', { name: 'Add customer' }).click();
      await toast(page, 'Customer added').waitFor();
      const found = await page.request.get(url(`/api/v1/customer/phone/${customer.phone}`));
      assert.equal(found.status(), 200);
      const customerId = (await found.json()).data._id;
      await page.goto(url(`/admin/customer/view/invoice/${customerId}`));
      await page.getByRole('button', { name: 'Add store credit' }).click();
      const topUp = page.getByRole('dialog', { name: 'Add store credit' });
      await topUp.getByLabel(/^Amount/).fill('30');
      await topUp.getByRole('button', { name: 'Continue' }).click();
      await topUp.getByText(`Add MVR 30.00 store credit for ${customer.name}, paid in cash?`).waitFor();
      await shot(page, 'store-credit-top-up-confirm');
      await topUp.getByRole('button', { name: 'Add', exact: true }).click();
      await topUp.getByText(/New balance: MVR 30\.00/).waitFor();
      await topUp.getByRole('button', { name: 'Done' }).click();
      assert.deepEqual(await ledger(page, customerId), { balance: 3000, entries: [['top-up', 3000]] });

      // 2. At the till: 20.00 of store credit, 20.00 by swipe, the rest in cash.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto(url('/admin/cart'));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.locator('html[data-core="ready"]').waitFor();
      await page.getByRole('button', { name: /^Sync status: .*Synced / }).waitFor();
      await page.getByLabel('Customer phone').fill(customer.phone);
      await panel(page).getByText(customer.name).waitFor();
      await addTileToCart(page, cheddar);
      await addTileToCart(page, croissant);
      await addTileToCart(page, croissant);
      const total = cents(await panel(page).getByLabel('Total', { exact: true }).textContent());
      assert.ok(total > 4000 && total < 12000, `a total between 40 and 120 (${total})`);
      await panel(page).getByRole('button', { name: 'Pay', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
      await dialog.getByLabel('Received amount').fill('20');
      await dialog.getByRole('button', { name: 'Store credit MVR 30.00 available' }).click();
      const parts = dialog.getByRole('region', { name: 'Parts taken' });
      await parts.getByText('Store credit').waitFor();
      // Core counts what is left of the credit after the part taken.
      await dialog.getByRole('button', { name: 'Store credit MVR 10.00 available' }).waitFor();
      for (const [name, viewport] of Object.entries(sizes)) {
        await page.setViewportSize(viewport);
        await insideWindow(dialog.getByRole('heading', { name: /^Total payable amount/ }), viewport, `the total (${name})`);
        await insideWindow(dialog.getByRole('button', { name: 'Cash', exact: true }), viewport, `Cash (${name})`);
        await insideWindow(dialog.getByRole('button', { name: 'Cancel', exact: true }), viewport, `Cancel (${name})`);
        await shot(page, `store-credit-dialog-${name}`);
      }
      await page.setViewportSize(sizes.landscape);
      await dialog.getByLabel('Received amount').fill('20');
      await dialog.getByRole('button', { name: 'Swipe', exact: true }).click();
      await parts.getByText('Swipe').waitFor();
      const sent = tillAnswer(page, { action: '/payment' });
      await dialog.getByLabel('Received amount').fill('100');
      await dialog.getByRole('button', { name: 'Cash', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Proceed to print?' });
      await question.waitFor();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await toast(page, 'Payment successful.').waitFor();
      const answer = await sent;
      assert.equal(answer.status, 200);
      const paid = answer.invoice;
      assert.deepEqual(
        paid.tenders.map((part) => [part.method, cents(part.amount)]),
        [['store-credit', 2000], ['internal-device', 2000], ['cash', total - 4000]],
      );
      // The drawer keeps the cash part plus the shop's cash rounding (another journey may have set one).
      assert.equal(cents(paid.cashReceived) - cents(paid.change), total - 4000 + cents(paid.rounding));
      assert.equal(cents(paid.cashReceived), 10000);
      assert.deepEqual(await ledger(page, customerId), { balance: 1000, entries: [['payment', -2000], ['top-up', 3000]] });

      // 3. The admin refunds 30.00 of the sale to store credit.
      await page.goto(url(`/admin/invoice/data/${paid._id}`));
      await page.getByLabel('Refund amount').fill('30');
      const split = page.getByRole('group', { name: 'Money goes back to' });
      await split.waitFor();
      for (const method of ['Cash', 'Swipe']) await split.getByLabel(`Refund to ${method}`).fill('0');
      await split.getByLabel('Refund to Store credit').fill('30');
      await shot(page, 'store-credit-refund-split');
      await page.getByRole('button', { name: 'Refund amount…' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Refund MVR 30.00 of ${paid.invoiceNumber}?` });
      await confirm.getByText(/Store credit MVR 30\.00/).waitFor();
      const refunded = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/payment/${paid._id}/invoice`);
      await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
      const refundAnswer = await refunded;
      assert.equal(refundAnswer.status(), 200);
      assert.deepEqual(refundAnswer.request().postDataJSON().to, [{ method: 'store-credit', amount: '30.00' }]);
      await toast(page, 'Refund accepted').waitFor();
      assert.deepEqual(await ledger(page, customerId), {
        balance: 4000,
        entries: [['refund', 3000], ['payment', -2000], ['top-up', 3000]],
      });
      // The customer's page shows the balance and the ledger.
      await page.goto(url(`/admin/customer/view/invoice/${customerId}`));
      await page.getByText('Store credit').first().waitFor();
      await page.getByText('MVR 40.00').first().waitFor();
      await shot(page, 'store-credit-customer');
      await atPath(page, `/admin/customer/view/invoice/${customerId}`);
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await shot(page, 'store-credit-failed').catch(() => {});
      throw error;
    } finally {
      await context.close();
    }
  });
});
