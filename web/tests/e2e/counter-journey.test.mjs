// End-to-end against the REAL server (the demo shop): a cashier's run of five sales on a tablet
// in landscape (1024x768), in portrait (768x1024) and on a desktop (1440x900), as
// docs/counter.md describes the counter: a walk-in sale, a known customer redeeming points, a
// new customer added from the phone lookup, a scanned basket with a failed scan, and an offline
// sale reloaded mid-sale. At every step the cart's Total and Pay are inside the window with the
// page unscrolled, and each screen is photographed (web/test-results/counter-journey-*.png).
// The functions handed to page.evaluate and waitForFunction run in the page.
/* global window, document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, allSent, atPath, cartStored, cents, demoStaffId, staffSignIn, tillAnswer, toast } from './demo-shop.mjs';
import { launchBrowser, navigateOffline, openPage, shot } from './support.mjs';

// The demo catalogue and customers (server/src/setup/demo_content.rs).
const aisha = { name: 'Aisha Ali', phone: '7771234' };
const cheddar = 'Cheddar Cheese 200g';
const croissant = 'Croissant';
const orangeJuice = { name: 'Orange Juice 1L', barcode: '8901001000028' };
const mineralWater = { name: 'Mineral Water 1.5L', barcode: '8901001000011' };

const sizes = {
  landscape: { width: 1024, height: 768 },
  portrait: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
};

let browser;
let staffId = '';
before(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await adminSignIn(page);
    staffId = await demoStaffId(page);
  } finally {
    await context.close();
  }
});
after(async () => {
  await browser?.close();
});

const panel = (page) => page.locator('.cart-panel');
const cartLines = (page) => page.getByRole('list', { name: 'Products in the cart' });
const totalOf = (page) => panel(page).getByLabel('Total', { exact: true });
const payButton = (page) => panel(page).getByRole('button', { name: 'Pay', exact: true });
// Pay's place, which says "Cart Empty" (SPEC) until a line is rung up.
const payPlace = (page) => panel(page).getByRole('button', { name: /^(Pay|Cart Empty)$/ });
const search = (page) => page.getByRole('searchbox', { name: 'Search products or scan a barcode' });

/** Total and Pay are in the window, whole, and the page has not scrolled to show them. */
async function counterInView(page, step) {
  const { width, height } = page.viewportSize();
  const scrolled = await page.evaluate(() => ({ y: window.scrollY, tall: document.scrollingElement.scrollHeight - window.innerHeight }));
  assert.equal(scrolled.y, 0, `${step}: the page is not scrolled`);
  assert.ok(scrolled.tall <= 0, `${step}: the page is no taller than the window (${scrolled.tall}px more)`);
  for (const [what, locator] of [
    ['Total', totalOf(page)],
    ['Pay', payPlace(page)],
  ]) {
    const box = await locator.boundingBox();
    assert.ok(box, `${step}: ${what} is shown`);
    assert.ok(box.y >= 0 && box.y + box.height <= height, `${step}: ${what} is inside the window height (${box.y}+${box.height} of ${height})`);
    assert.ok(box.x >= 0 && box.x + box.width <= width, `${step}: ${what} is inside the window width`);
  }
}

/** Photographs the step and checks the counter. */
async function step(page, size, name) {
  await counterInView(page, `${size} ${name}`);
  await shot(page, `counter-journey-${size}-${name}`);
}

async function addByTile(page, productName) {
  const tile = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${productName}`) });
  await tile.click();
  await cartLines(page).getByText(productName).waitFor();
  await cartStored(page);
}

async function scan(page, code) {
  await search(page).fill(code);
  await search(page).press('Enter');
}

/** Pays the cart on screen with `method`; answers with the print question closed and the paid invoice. */
async function pay(page, size, name, method) {
  const ref = await page.evaluate(() => JSON.parse(window.localStorage.getItem('tillwise-till') ?? '{}').state?.invoice ?? null);
  assert.ok(ref, 'a cart is held');
  const totalText = await totalOf(page).textContent();
  await payButton(page).click();
  const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
  await dialog.waitFor();
  if (method === 'Cash') {
    const received = cents(totalText) + 1000 - (cents(totalText) % 1000);
    await dialog.getByLabel('Received amount').fill(String(received / 100));
  }
  await shot(page, `counter-journey-${size}-${name}-payment`);
  await dialog.getByRole('button', { name: method, exact: true }).click();
  await toast(page, 'Payment successful.').waitFor();
  const question = page.getByRole('dialog', { name: 'Proceed to print?' });
  await question.waitFor();
  await shot(page, `counter-journey-${size}-${name}-print`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  // The next sale is a walk-in one, the phone box focused for a customer who gives a number.
  await panel(page).getByText('Walk-in customer').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'tel');
  return { ref, totalText };
}

for (const [size, viewport] of Object.entries(sizes)) {
  describe(`the counter's five sales at ${size} ${viewport.width}x${viewport.height}`, () => {
    it('sells walk-in, redeeming, new-customer, scanned and offline sales with Total and Pay in view throughout', async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, '/shop/login');
      page.setDefaultTimeout(15_000);
      try {
        await staffSignIn(page, staffId);
        // The service worker takes the page over, so an offline reload finds the app.
        await page.evaluate(() => navigator.serviceWorker.ready);
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await page.getByLabel('Customer phone').waitFor();
        await shot(page, `counter-journey-${size}-0-start`);

        // 1. A walk-in buyer: one tap starts the sale, which earns no points.
        await page.getByRole('button', { name: 'Walk-in' }).click();
        await panel(page).getByText('Walk-in customer').waitFor();
        assert.equal(await page.locator('.redeem-box').count(), 0, 'a walk-in sale has no points to redeem');
        await addByTile(page, cheddar);
        await addByTile(page, croissant);
        await step(page, size, '1-walk-in');
        const walkIn = await pay(page, size, '1-walk-in', 'Cash');
        assert.ok(cents(walkIn.totalText) > 0);

        // 2. A known customer takes the walk-in's empty cart over and redeems a point.
        await page.getByLabel('Customer phone').fill(aisha.phone);
        await panel(page).getByText(aisha.name).waitFor();
        await addByTile(page, orangeJuice.name);
        const points = page.getByText(/^Points: /);
        assert.ok(cents(await points.textContent()) >= 100, `the demo customer holds points (${await points.textContent()})`);
        const before = cents(await totalOf(page).textContent());
        await page.getByLabel('Discount redeem').fill('1');
        await page.getByRole('button', { name: 'Redeem', exact: true }).click();
        await page.getByText(/redeemed MVR 1\.00/).waitFor();
        assert.equal(cents(await totalOf(page).textContent()), before - 100);
        await step(page, size, '2-redeem');
        await pay(page, size, '2-redeem', 'Swipe');

        // 3. A number no customer has: Add customer, then back to the sale with them.
        const phone = `6${String(Date.now()).slice(-6)}`;
        const name = `Counter ${size} ${phone}`;
        await page.getByLabel('Customer phone').fill(phone);
        await page.getByRole('heading', { name: 'Add customer' }).waitFor();
        await shot(page, `counter-journey-${size}-3-add-customer`);
        await page.getByLabel('Customer name').fill(name);
        await page.getByRole('button', { name: 'Add customer' }).click();
        await atPath(page, '/staff');
        await panel(page).getByText(name).waitFor();
        await addByTile(page, cheddar);
        await step(page, size, '3-new-customer');
        await pay(page, size, '3-new-customer', 'Cash');

        // 4. A scanned basket: a code no product has is said and cleared, the next scan is read alone.
        await scan(page, orangeJuice.barcode);
        await cartLines(page).getByText(orangeJuice.name).waitFor();
        await scan(page, '4000000000001');
        await toast(page, 'Product not found: no product has the barcode 4000000000001').waitFor();
        assert.equal(await search(page).inputValue(), '', 'the failed code is cleared');
        await scan(page, mineralWater.barcode);
        await cartLines(page).getByText(mineralWater.name).waitFor();
        assert.equal(await cartLines(page).getByRole('listitem').count(), 2);
        await step(page, size, '4-scanned');
        await pay(page, size, '4-scanned', 'Cash');

        // 5. Offline, with a reload mid-sale: the cart comes back, is paid, and syncs once online.
        await context.setOffline(true);
        await addByTile(page, croissant);
        await addByTile(page, cheddar);
        // The reload comes once the cart is stored, as a cashier's would: a line shows at once and
        // is stored a few milliseconds later (docs/offline.md "A line shown before it is stored").
        const heldTotal = await totalOf(page).textContent();
        await navigateOffline(page, () => page.reload());
        await page.locator('html[data-core="ready"]').waitFor();
        await cartLines(page).getByText(croissant).waitFor();
        await cartLines(page).getByText(cheddar).waitFor();
        assert.equal(await totalOf(page).textContent(), heldTotal, 'the reloaded cart has the same total');
        await step(page, size, '5-offline-reloaded');
        const offline = await pay(page, size, '5-offline', 'Cash');
        const synced = tillAnswer(page, { action: '/payment', ref: offline.ref });
        await context.setOffline(false);
        const answer = await synced;
        assert.equal(answer.status, 200);
        assert.equal(answer.invoice.status, 'paid');
        assert.equal(cents(answer.invoice.totalAmount), cents(offline.totalText), "the server's total is the screen's");
        await allSent(page);
        await step(page, size, '6-synced');
        assert.deepEqual(pageErrors, []);
      } catch (error) {
        await shot(page, `counter-journey-${size}-failed`).catch(() => {});
        throw error;
      } finally {
        await context.close();
      }
    });
  });
}
