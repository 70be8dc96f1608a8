// End-to-end against the REAL server (the demo shop): a cashier's day on one till. The admin
// opens a shift with a counted float, sells for cash and by swipe, refunds part of the cash
// sale (the refund leaves this till's shift), pays cash out for milk, sells once more offline,
// and closes the shift with the drawer 2.00 short, offline still. Back online, everything
// reaches the server once, and the server's closed shift holds what the till's Z report
// counted: three sales, one refund, one pay-out, the float, the count. The shift dialog is
// photographed at 1024x768, 768x1024 and 1440x900 (web/test-results/shift-journey-*.png).

/* global window, document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, allSent, cartStored, cents, tillAnswer, toast } from './demo-shop.mjs';
import { launchBrowser, navigateOffline, shot, url } from './support.mjs';

const cheddar = 'Cheddar Cheese 200g';
const croissant = 'Croissant';
const sizes = {
  landscape: { width: 1024, height: 768 },
  portrait: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
};

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const panel = (page) => page.locator('.cart-panel');
const cartLines = (page) => page.getByRole('list', { name: 'Products in the cart' });
const shiftButton = (page) => page.getByRole('button', { name: /^(Shift .* open|No shift open)/ });
const shiftDialog = (page, title) => page.getByRole('dialog', { name: title, exact: true });

async function addByTile(page, productName) {
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${productName}`) }).click();
  await cartLines(page).getByText(productName).waitFor();
  await cartStored(page);
}

async function walkIn(page) {
  await page.getByRole('button', { name: 'Walk-in' }).click();
  await panel(page).getByText('Walk-in customer').waitFor();
}

/** Pays the cart on screen with `method`; answers its total in cents. */
async function pay(page, method) {
  const total = cents(await panel(page).getByLabel('Total', { exact: true }).textContent());
  await panel(page).getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
  await dialog.getByRole('button', { name: method, exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Proceed to print?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  return total;
}

/** The shift dialog's figure `label` in cents. */
async function figure(dialog, label) {
  const row = dialog.locator('.shift-figures > div').filter({ has: dialog.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  return cents(await row.locator('dd').textContent());
}

/** Clicks `button` with the browser's print dialog replaced: answers the text of what it would print. */
async function printed(page, button) {
  await page.evaluate(() => {
    window.printedSheets = [];
    window.print = () => window.printedSheets.push(document.querySelector('[data-shift-report]')?.textContent ?? '');
  });
  await button.click();
  const sheets = await page.evaluate(() => window.printedSheets);
  assert.equal(sheets.length, 1, 'one sheet printed');
  return sheets[0];
}

async function inWindow(locator, viewport, what) {
  const box = await locator.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `${what} is inside the window (${box?.y}+${box?.height} of ${viewport.height})`);
}

describe("a till's day in one shift", () => {
  it('opens, sells cash and swipe, refunds, pays out, sells offline and closes short, and the server keeps that Z report', async () => {
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

      // 1. Open with 100.00 counted into the drawer (a negative float is refused in place).
      await shiftButton(page).click();
      let dialog = shiftDialog(page, 'Open shift');
      await dialog.getByLabel(/^Opening float/).fill('-5');
      await dialog.getByRole('button', { name: 'Open shift' }).click();
      await dialog.getByText('Opening float cannot be negative').waitFor();
      await shot(page, 'shift-journey-landscape-1-open');
      await dialog.getByLabel(/^Opening float/).fill('100');
      const opened = page.waitForResponse((response) => /^\/api\/v1\/till\/shifts\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname));
      await dialog.getByRole('button', { name: 'Open shift' }).click();
      await toast(page, 'Shift opened').waitFor();
      const openAnswer = await opened;
      assert.equal(openAnswer.status(), 201);
      const shift = (await openAnswer.json()).data;
      assert.equal(cents(shift.openingFloat), 10_000);
      dialog = shiftDialog(page, 'Shift');
      assert.equal(await figure(dialog, 'Expected in drawer'), 10_000);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();

      // 2. A cash sale and a swipe sale.
      await walkIn(page);
      await addByTile(page, cheddar);
      const cashSaleSent = tillAnswer(page, { action: '/payment' });
      const cashTotal = await pay(page, 'Cash');
      const cashAnswer = await cashSaleSent;
      assert.equal(cashAnswer.request.shiftRef, shift.ref, 'the sale names the open shift');
      await walkIn(page);
      await addByTile(page, croissant);
      const swipeTotal = await pay(page, 'Swipe');
      await allSent(page);

      // 3. The admin refunds 1.00 of the cash sale: it leaves this till's shift.
      await page.goto(url(`/admin/invoice/data/${cashAnswer.invoice._id}`));
      await page.getByLabel('Refund amount').fill('1.00');
      await page.getByRole('button', { name: 'Refund amount…' }).click();
      const refundSent = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/payment/${cashAnswer.invoice._id}/invoice`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = await refundSent;
      assert.equal(refund.status(), 200);
      assert.equal(refund.request().postDataJSON().shiftRef, shift.ref, 'the refund names the open shift');
      await toast(page, 'Refund accepted').waitFor();

      // 4. 5.00 paid out for milk.
      await page.goto(url('/admin/cart'));
      await page.locator('html[data-core="ready"]').waitFor();
      await shiftButton(page).click();
      dialog = shiftDialog(page, 'Shift');
      await dialog.getByRole('button', { name: 'Pay out' }).click();
      dialog = shiftDialog(page, 'Pay out');
      await dialog.getByLabel('Amount').fill('5');
      await dialog.getByLabel('Reason').fill('Milk');
      await dialog.getByRole('button', { name: 'Pay out' }).click();
      await toast(page, 'Cash paid out').waitFor();
      dialog = shiftDialog(page, 'Shift');
      const expectedOnline = 10_000 + cashTotal - 100 - 500;
      assert.equal(await figure(dialog, 'Expected in drawer'), expectedOnline);
      assert.equal(await figure(dialog, 'Sales'), 200, 'two sales so far');
      await shot(page, 'shift-journey-landscape-2-x-report');
      const xSheet = await printed(page, dialog.getByRole('button', { name: 'Print X report' }));
      assert.match(xSheet, /X report/);
      assert.match(xSheet, /Milk/);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();

      // 5. Offline: one more cash sale, then the close, 2.00 short.
      await context.setOffline(true);
      await navigateOffline(page, () => page.reload());
      await page.locator('html[data-core="ready"]').waitFor();
      await walkIn(page);
      await addByTile(page, croissant);
      const offlineTotal = await pay(page, 'Cash');
      await shiftButton(page).click();
      dialog = shiftDialog(page, 'Shift');
      const expected = expectedOnline + offlineTotal;
      assert.equal(await figure(dialog, 'Expected in drawer'), expected);
      await dialog.getByRole('button', { name: 'Close shift' }).click();
      dialog = shiftDialog(page, 'Close shift');
      await dialog.getByLabel(/^Counted cash/).fill(((expected - 200) / 100).toFixed(2));
      await dialog.getByText('-MVR 2.00 short').waitFor();
      await dialog.getByRole('button', { name: 'Close shift' }).click();
      await dialog.getByText(/A closed\s+shift cannot be changed/).waitFor();
      await shot(page, 'shift-journey-landscape-3-close-confirm');
      await dialog.getByRole('button', { name: 'Yes, close shift' }).click();
      await toast(page, 'Shift closed').waitFor();
      dialog = shiftDialog(page, 'Shift');
      await dialog.getByText('-MVR 2.00 short').waitFor();
      assert.equal(await figure(dialog, 'Sales'), 300);
      assert.equal(await figure(dialog, 'Counted'), expected - 200);
      await shot(page, 'shift-journey-landscape-4-z-report');
      const zSheet = await printed(page, dialog.getByRole('button', { name: 'Print Z report' }));
      assert.match(zSheet, /Z report/);
      assert.match(zSheet, /-MVR 2\.00 short/);
      await dialog.getByRole('button', { name: 'Done' }).click();

      // 6. Online again: the offline sale and the close reach the server once.
      await context.setOffline(false);
      await allSent(page);
      const read = await page.request.get(url(`/api/v1/shifts/${shift._id}`));
      assert.equal(read.status(), 200);
      const detail = (await read.json()).data;
      assert.equal(detail.shift.status, 'closed');
      assert.equal(cents(detail.shift.countedCash), expected - 200);
      assert.deepEqual(detail.sales.map((sale) => sale.paymentMethod).sort(), ['cash', 'cash', 'internal-device']);
      assert.equal(detail.sales.reduce((sum, sale) => sum + cents(sale.totalAmount), 0), cashTotal + swipeTotal + offlineTotal);
      assert.deepEqual(detail.refunds.map((one) => cents(one.amount)), [100]);
      assert.deepEqual(detail.movements.map((one) => [one.kind, cents(one.amount), one.reason]), [['payOut', 500, 'Milk']]);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });
});

for (const [size, viewport] of Object.entries(sizes)) {
  it(`the shift dialog fits a ${size} ${viewport.width}x${viewport.height} screen`, async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await adminSignIn(page);
      await page.goto(url('/admin/cart'));
      await page.locator('html[data-core="ready"]').waitFor();
      await shiftButton(page).click();
      const opening = shiftDialog(page, 'Open shift');
      await opening.waitFor();
      await inWindow(opening, viewport, 'the opening');
      await shot(page, `shift-journey-${size}-open`);
      await opening.getByLabel(/^Opening float/).fill('50');
      await opening.getByRole('button', { name: 'Open shift' }).click();
      const summary = shiftDialog(page, 'Shift');
      await summary.getByRole('button', { name: 'Close shift' }).waitFor();
      await inWindow(summary, viewport, 'the X report');
      await shot(page, `shift-journey-${size}-x-report`);
      await summary.getByRole('button', { name: 'Close shift' }).click();
      const close = shiftDialog(page, 'Close shift');
      await close.getByRole('button', { name: 'By note and coin' }).click();
      await close.getByLabel('Count of 20', { exact: true }).fill('2');
      await close.getByLabel('Count of 10', { exact: true }).fill('1');
      await close.getByText('Balanced').waitFor();
      await inWindow(close, viewport, 'the count by note and coin');
      await shot(page, `shift-journey-${size}-count`);
    } finally {
      await context.close();
    }
  });
}
