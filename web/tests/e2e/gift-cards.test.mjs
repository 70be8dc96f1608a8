// End-to-end against the REAL server (the demo shop): gift cards. At the till the admin sells a
// new card for 50.00 in cash; a walk-in sale is paid 30.00 from the card and the rest in cash;
// the card then holds 20.00, as the till's Gift card dialog and the server's ledger both say;
// the admin refunds 30.00 of the sale back to the card, which then holds 50.00 again. The
// payment dialog with the card's part taken is photographed at 1024x768, 768x1024 and 1440x900
// (web/test-results/gift-cards-*.png) with Total and the buttons in view, and the till's cart
// keeps Total and Pay in view with the Gift card action on its bar.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, atPath, cents, tillAnswer, toast, addTileToCart, insideWindow, tillSizes as sizes } from './demo-shop.mjs';
import { launchBrowser, shot, url } from './support.mjs';

const cheddar = 'Cheddar Cheese 200g';
const croissant = 'Croissant';
const digits = String(Date.now()).slice(-8);
/** As the cashier types it; the till and the server keep it as core normalises it. */
const typed = `gc-${digits.slice(0, 4)} ${digits.slice(4)}`;
const number = `GC${digits}`;
const last4 = digits.slice(-4);

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const panel = (page) => page.locator('.cart-panel');

/** The card as the server keeps it: `{balance, entries}` in cents, newest first. */
async function ledger(page) {
  const response = await page.request.get(url(`/api/v1/gift-card/${encodeURIComponent(number)}`));
  assert.equal(response.status(), 200);
  const card = (await response.json()).data;
  assert.equal(card.number, number);
  return { balance: cents(card.balance), entries: card.entries.map((entry) => [entry.kind, cents(entry.amount)]) };
}

/** The till bar's Gift card dialog, open. */
async function openGiftCardDialog(page) {
  await page.getByRole('button', { name: 'Gift card: sell, load or check a balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gift card' });
  await dialog.getByLabel('Gift card number').waitFor();
  return dialog;
}

describe('gift cards', () => {
  it('are sold at the till, pay part of a sale, show their balance and take a refund', async () => {
    const context = await browser.newContext({ viewport: sizes.landscape });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    page.setDefaultTimeout(15_000);
    try {
      await adminSignIn(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto(url('/admin/cart'));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.locator('html[data-core="ready"]').waitFor();
      await page.getByRole('button', { name: /^Sync status: .*Synced / }).waitFor();

      // 1. A new card sold for 50.00 in cash, from the till bar.
      let dialog = await openGiftCardDialog(page);
      await dialog.getByLabel('Gift card number').fill(typed);
      await dialog.getByLabel(/^Amount/).fill('50');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText(`Sell gift card ${number} for MVR 50.00 in cash?`).waitFor();
      await shot(page, 'gift-cards-sell-confirm');
      const sold = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/gift-card' && response.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Sell', exact: true }).click();
      const soldAnswer = await sold;
      assert.equal(soldAnswer.status(), 201);
      // One ref names the sale (a retry sends it again); a shift open on this till is named too.
      const { ref, shiftRef, ...soldBody } = soldAnswer.request().postDataJSON();
      assert.deepEqual(soldBody, { number, amount: '50', method: 'cash' });
      assert.ok(typeof ref === 'string' && ref.length > 0, 'the sale has a ref');
      assert.ok(shiftRef === undefined || typeof shiftRef === 'string', 'a shift is named by its ref, if any');
      await dialog.getByText(`Gift card ${number} sold. Balance: MVR 50.00`).waitFor();
      await toast(page, `Gift card ${number} sold. Balance: MVR 50.00`).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      assert.deepEqual(await ledger(page), { balance: 5000, entries: [['sold', 5000]] });

      // 2. A walk-in sale: 30.00 from the card (scanned: its number and Enter), the rest in cash.
      await page.getByRole('button', { name: 'Walk-in' }).click();
      await panel(page).getByText('Walk-in customer').waitFor();
      await addTileToCart(page, cheddar);
      await addTileToCart(page, croissant);
      await addTileToCart(page, croissant);
      const total = cents(await panel(page).getByLabel('Total', { exact: true }).textContent());
      assert.ok(total > 4000 && total < 12000, `a total between 40 and 120 (${total})`);
      // The bar's Gift card action leaves the cart's Total and Pay in view on every till screen.
      for (const [name, viewport] of Object.entries(sizes)) {
        await page.setViewportSize(viewport);
        await insideWindow(panel(page).getByLabel('Total', { exact: true }), viewport, `the cart's total (${name})`);
        await insideWindow(panel(page).getByRole('button', { name: 'Pay', exact: true }), viewport, `Pay (${name})`);
        await shot(page, `gift-cards-cart-${name}`);
      }
      await page.setViewportSize(sizes.landscape);
      await panel(page).getByRole('button', { name: 'Pay', exact: true }).click();
      const payment = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
      await payment.getByRole('button', { name: 'Gift card', exact: true }).click();
      await payment.getByLabel('Gift card number').fill(number);
      await payment.getByLabel('Gift card number').press('Enter');
      const cardButton = (left) => payment.getByRole('button', { name: `Gift card GC…${last4}: MVR ${left} available` });
      await cardButton('50.00').waitFor();
      await payment.getByLabel('Received amount').fill('30');
      await cardButton('50.00').click();
      const parts = payment.getByRole('region', { name: 'Parts taken' });
      await parts.getByText(`Gift card ••${last4}`).waitFor();
      // Core counts what is left on the card after the part taken.
      await cardButton('20.00').waitFor();
      for (const [name, viewport] of Object.entries(sizes)) {
        await page.setViewportSize(viewport);
        await insideWindow(payment.getByRole('heading', { name: /^Total payable amount/ }), viewport, `the total (${name})`);
        await insideWindow(payment.getByRole('button', { name: 'Cash', exact: true }), viewport, `Cash (${name})`);
        await insideWindow(payment.getByRole('button', { name: 'Cancel', exact: true }), viewport, `Cancel (${name})`);
        await shot(page, `gift-cards-dialog-${name}`);
      }
      await page.setViewportSize(sizes.landscape);
      const sent = tillAnswer(page, { action: '/payment' });
      await payment.getByLabel('Received amount').fill('100');
      await payment.getByRole('button', { name: 'Cash', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Proceed to print?' });
      await question.waitFor();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await toast(page, 'Payment successful.').waitFor();
      const answer = await sent;
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.request.tenders, [
        { method: 'gift-card', amount: '30.00', card: number },
        { method: 'cash', amount: '100.00' },
      ]);
      const paid = answer.invoice;
      assert.deepEqual(
        paid.tenders.map((part) => [part.method, cents(part.amount), part.card ?? null]),
        [['gift-card', 3000, number], ['cash', total - 3000, null]],
      );
      assert.deepEqual(await ledger(page), { balance: 2000, entries: [['payment', -3000], ['sold', 5000]] });

      // 3. The till's Gift card dialog checks the balance: 20.00, with the card's ledger.
      dialog = await openGiftCardDialog(page);
      await dialog.getByLabel('Gift card number').fill(number);
      await dialog.getByRole('button', { name: 'Check balance' }).click();
      await dialog.getByText(`Gift card ${number}: MVR 20.00`).waitFor();
      const rows = dialog.getByRole('table', { name: `Gift card ${number} ledger` }).locator('tbody tr');
      assert.deepEqual(
        (await rows.allTextContents()).map((row) => ['Payment', 'Sold (Cash)'].find((kind) => row.includes(kind)) ?? row),
        ['Payment', 'Sold (Cash)'],
      );
      await shot(page, 'gift-cards-balance');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // 4. The admin refunds 30.00 of the sale to the card.
      await page.goto(url(`/admin/invoice/data/${paid._id}`));
      await page.getByRole('rowheader', { name: `Gift card ••${last4}` }).waitFor();
      await page.getByLabel('Refund amount').fill('30');
      const split = page.getByRole('group', { name: 'Money goes back to' });
      await split.waitFor();
      await split.getByLabel('Refund to Cash').fill('0');
      await split.getByLabel('Refund to Gift card').fill('30');
      await shot(page, 'gift-cards-refund-split');
      await page.getByRole('button', { name: 'Refund amount…' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Refund MVR 30.00 of ${paid.invoiceNumber}?` });
      await confirm.getByText(/Gift card MVR 30\.00/).waitFor();
      const refunded = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/payment/${paid._id}/invoice`);
      await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
      const refundAnswer = await refunded;
      assert.equal(refundAnswer.status(), 200);
      assert.deepEqual(refundAnswer.request().postDataJSON().to, [{ method: 'gift-card', amount: '30.00' }]);
      await toast(page, 'Refund accepted').waitFor();
      assert.deepEqual(await ledger(page), {
        balance: 5000,
        entries: [['refund', 3000], ['payment', -3000], ['sold', 5000]],
      });
      await atPath(page, `/admin/invoice/data/${paid._id}`);
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await shot(page, 'gift-cards-failed').catch(() => {});
      throw error;
    } finally {
      await context.close();
    }
  });
});
