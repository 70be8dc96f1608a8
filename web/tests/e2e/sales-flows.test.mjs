// End-to-end against the REAL server (scripts/lib/e2e.sh starts it with POS_DEMO=1 and a
// throwaway database): issue 5's selling flows on the demo shop, driven through the UI like a
// cashier and an admin. The flows run in order and build on each other: flow 1's sale earns the
// points flow 3 redeems and is the invoice flow 4 refunds. The till is local-first: each change
// is written on the device and sent by its outbox (docs/api-till-sync.md); the flows wait for
// the server's answers to those commands, and after each sale the server's own invoice
// (GET /api/v1/invoice/{id}, with the page's cookies) must say what the screen said.
// The functions handed to page.evaluate, addInitScript and waitForFunction run in the page.
/* global window, document */
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
  staffSignIn as signInAsStaff,
  tillAnswer,
  toast,
} from './demo-shop.mjs';
import { launchBrowser, shot } from './support.mjs';

// The demo catalogue and customers (server/src/setup/demo_content.rs).
const aisha = { name: 'Aisha Ali', phone: '7771234' };
const hassan = { name: 'Hassan Naseer', phone: '7785555' };
const cheddar = 'Cheddar Cheese 200g';
const orangeJuice = { name: 'Orange Juice 1L', barcode: '8901001000028' };
const croissant = 'Croissant';
const mineralWater = { name: 'Mineral Water 1.5L', barcode: '8901001000011' };
// Unique per run: the database may be reused when run by hand.
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(-6);
const customCustomer = { name: `Walk-in ${run}`, phone: `5${String(Date.now()).slice(-6)}` };

/** What the flows hand on: flow 1's invoice (refunded in flow 4). */
const sold = { invoiceId: '', invoiceNumber: '', totalText: '' };
let staffId = '';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * window.print records what the receipt's print copy holds at the moment of printing, instead
 * of opening the browser's print dialog.
 */
const recordPrints = (page) =>
  page.addInitScript(() => {
    window.__printed = [];
    window.print = () => {
      window.__printed.push(document.querySelector('.print-copy')?.textContent ?? '');
    };
  });
const printed = (page) => page.evaluate(() => window.__printed);

const flow = (name, body) => runFlow(browser, 'sales-flow', name, body, recordPrints);

/** The staff member signs in (the demo staff's ID is read once, with an admin's session). */
async function staffSignIn(page) {
  if (!staffId) {
    const context = await browser.newContext();
    try {
      const admin = await context.newPage();
      await adminSignIn(admin);
      staffId = await demoStaffId(admin);
    } finally {
      await context.close();
    }
  }
  await signInAsStaff(page, staffId);
}

/**
 * The customer by phone: their cart is made on the device at once (a provisional number), and
 * its first command creates the server's invoice, whose number then heads the cart. Answers the
 * cart's ref and the server's id and number.
 */
async function startCart(page, customer) {
  const created = tillAnswer(page);
  await page.getByLabel('Customer phone').fill(customer.phone);
  await toast(page, 'Invoice created').waitFor();
  const cart = page.locator('.cart-panel');
  await cart.getByText(customer.name).waitFor();
  const answer = await created;
  assert.equal(answer.status, 201, 'the first command of the cart creates the invoice');
  const invoice = answer.invoice;
  assert.equal(invoice.ref, answer.ref);
  assert.match(invoice.invoiceNumber, /^INV-\d+$/);
  assert.match(invoice.provisionalNumber, /^[0-9A-F]{4}-\d{4,}$/, 'the till named it by a provisional number first');
  assert.equal(invoice.customer.phoneNumber, customer.phone);
  await cart.getByRole('heading', { name: invoice.invoiceNumber }).waitFor();
  return { ref: answer.ref, id: invoice._id, number: invoice.invoiceNumber };
}

const cartLines = (page) => page.getByRole('list', { name: 'Products in the cart' });

/** A product tile is tapped: its line shows in the cart and the tile says how much it holds. */
async function addByTile(page, productName) {
  const tile = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${productName}`) });
  await tile.click();
  await cartLines(page).getByText(productName).waitFor();
  await tile.getByText(/^In cart: /).waitFor();
}

/** A scanner types the barcode into the search box and presses Enter. */
async function addByBarcode(page, product) {
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill(product.barcode);
  await search.press('Enter');
  await cartLines(page).getByText(product.name).waitFor();
}

const totalOnScreen = (page) => page.locator('.cart-panel').getByLabel('Total', { exact: true }).textContent();

/** Pay opens the payment dialog titled with the total payable (MVR prefix, SPEC part 9). */
async function openPayment(page, totalText) {
  await page.locator('.cart-panel').getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Total payable amount: MVR/ });
  await dialog.waitFor();
  const title = await dialog.getByRole('heading').first().textContent();
  assert.equal(cents(title), cents(totalText), `the dialog's total (${title}) is the cart's (${totalText})`);
  return dialog;
}

/**
 * Pays with a method button: "Payment successful." and "Proceed to print?" come at once (the
 * sale is recorded on the device); the outbox sends the payment, whose answer must be the paid
 * invoice with the screen's total. Answers the print question.
 */
async function pay(page, dialog, cart, method, methodName, totalText) {
  const paid = tillAnswer(page, { action: '/payment', ref: cart.ref });
  await dialog.getByRole('button', { name: method, exact: true }).click();
  await toast(page, 'Payment successful.').waitFor();
  const question = page.getByRole('dialog', { name: 'Proceed to print?' });
  await question.waitFor();
  const answer = await paid;
  assert.equal(answer.status, 200);
  // One tender of the method pressed (cash: what was handed over), paying the whole total.
  assert.deepEqual(
    answer.request.tenders.map((tender) => tender.method),
    [methodName],
  );
  assert.equal(cents(answer.request.totalAmount), cents(totalText), 'the till sent the total it showed');
  assert.deepEqual(
    answer.invoice.tenders.map((tender) => [tender.method, cents(tender.amount)]),
    [[methodName, cents(totalText)]],
  );
  assert.equal(answer.invoice.status, 'paid');
  assert.equal(cents(answer.invoice.totalAmount), cents(totalText), "the server's total is the screen's");
  return question;
}

describe('selling flows against the real server', () => {
  it('1. staff sells to a customer found by phone, pays cash and prints the receipt', () =>
    flow('1-cash', async (page) => {
      await staffSignIn(page);
      await page.getByText('First Select Customer').first().waitFor();
      await shot(page, 'sales-flow-staff-cart-empty');

      const cart = await startCart(page, aisha);
      await addByTile(page, cheddar);
      await addByBarcode(page, orangeJuice);
      assert.equal(await cartLines(page).getByRole('listitem').count(), 2);
      const totalText = await totalOnScreen(page);
      assert.ok(cents(totalText) > 0, `a total is shown (${totalText})`);
      await shot(page, 'sales-flow-cart-two-lines');

      const dialog = await openPayment(page, totalText);
      const received = cents(totalText) + 1000 - (cents(totalText) % 1000); // the next 10 up
      await dialog.getByLabel('Received amount').fill(String(received / 100));
      const balance = dialog.getByText(/^Balance: MVR/);
      await balance.waitFor();
      assert.equal(cents(await balance.textContent()), received - cents(totalText));
      await shot(page, 'sales-flow-payment-cash');

      const question = await pay(page, dialog, cart, 'Cash', 'cash', totalText);
      await question.getByText(`${cart.number} is paid`).waitFor();
      // The change to hand back, read across the counter.
      const change = question.getByRole('status').filter({ hasText: 'Change due' });
      assert.equal(cents(await change.locator('strong').textContent()), received - cents(totalText));
      await shot(page, 'sales-flow-print-question');
      await question.getByRole('button', { name: 'Print' }).click();
      await question.waitFor({ state: 'detached' });
      const prints = await printed(page);
      assert.equal(prints.length, 1, 'Print opened the browser print once');
      assert.match(prints[0], new RegExp(`Invoice ${cart.number}`));
      assert.match(prints[0], new RegExp(`Total${totalText.replace(/[.]/g, '\\.')}`));
      assert.match(prints[0], /Cash/);
      assert.match(prints[0], new RegExp(`Cash receivedMVR ${(received / 100).toFixed(2)}`));
      assert.match(prints[0], new RegExp(`ChangeMVR ${((received - cents(totalText)) / 100).toFixed(2)}`));
      // The sale is finished: the next one is open for a walk-in buyer, the phone box focused
      // for a customer who gives their number.
      await atPath(page, '/staff');
      await page.locator('.cart-panel').getByText('Walk-in customer').waitFor();
      await page.waitForFunction(() => globalThis.document.activeElement?.getAttribute('type') === 'tel');
      await allSent(page);

      const invoice = await serverInvoice(page, cart.id);
      assert.equal(invoice.ref, cart.ref);
      assert.equal(invoice.status, 'paid');
      assert.equal(invoice.paymentMethod, 'cash');
      assert.equal(invoice.invoiceNumber, cart.number);
      assert.equal(invoice.products.length, 2);
      assert.equal(cents(invoice.totalAmount), cents(totalText));
      assert.ok(invoice.pointsEarned > 0, 'the sale earned loyalty points');
      Object.assign(sold, { invoiceId: cart.id, invoiceNumber: cart.number, totalText });
    }));

  it('2. staff parks an order, resumes it from the open orders and pays by swipe', () =>
    flow('2-swipe', async (page) => {
      await staffSignIn(page);
      const cart = await startCart(page, hassan);
      await addByTile(page, mineralWater.name);
      await addByBarcode(page, { name: croissant, barcode: '8901002000034' });
      const totalText = await totalOnScreen(page);

      const savedOnServer = tillAnswer(page, { ref: cart.ref, body: (body) => body.status === 'saved' });
      await page.locator('.cart-panel').getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Saved to open orders').waitFor();
      const answer = await savedOnServer;
      assert.equal(answer.status, 200);
      assert.equal(answer.invoice.status, 'saved');
      assert.equal(answer.invoice.products.length, 2);
      assert.equal(cents(answer.invoice.totalAmount), cents(totalText), "the server's open order has the screen's total");
      await atPath(page, '/staff/open/orders');
      const orders = page.getByRole('table', { name: 'Open orders' });
      const row = orders.getByRole('row', { name: new RegExp(cart.number) });
      await row.waitFor();
      assert.match(await row.textContent(), new RegExp(hassan.name));
      assert.match(await row.textContent(), new RegExp(totalText.replace(/^\D+/, '').replace(/[.]/g, '\\.')));
      const saved = await orders.locator('tbody tr').count();
      await shot(page, 'sales-flow-open-orders');

      // Back on the cart, the open orders button counts the saved orders.
      await openFromMenu(page, 'Staff menu', 'Cart', '/staff');
      await page.getByRole('link', { name: `Open orders, ${saved} saved` }).waitFor();
      await shot(page, 'sales-flow-open-orders-badge');
      await page.getByRole('link', { name: `Open orders, ${saved} saved` }).click();
      await atPath(page, '/staff/open/orders');

      await page.getByRole('link', { name: `Open ${cart.number}` }).click();
      await atPath(page, `/staff/open/orders/data/${cart.ref}`);
      await page.getByRole('heading', { name: `Open order ${cart.number}` }).waitFor();
      assert.equal(await cartLines(page).getByRole('listitem').count(), 2);
      assert.equal(cents(await totalOnScreen(page)), cents(totalText));
      await shot(page, 'sales-flow-open-order-resumed');

      const dialog = await openPayment(page, totalText);
      const question = await pay(page, dialog, cart, 'Swipe', 'internal-device', totalText);
      await question.getByRole('button', { name: 'Cancel' }).click();
      await atPath(page, '/staff/open/orders');
      await allSent(page);
      await page.getByRole('table', { name: 'Open orders' }).or(page.getByText(/No open orders/)).first().waitFor();
      assert.equal(await page.getByRole('link', { name: `Open ${cart.number}` }).count(), 0, 'the paid order left the list');
      assert.deepEqual(await printed(page), []);

      const invoice = await serverInvoice(page, cart.id);
      assert.equal(invoice.ref, cart.ref);
      assert.equal(invoice.status, 'paid');
      assert.equal(invoice.paymentMethod, 'internal-device');
      assert.equal(cents(invoice.totalAmount), cents(totalText));
    }));

  it('3. a customer redeems the points flow 1 earned on a new cart and pays', () =>
    flow('3-redeem', async (page) => {
      await staffSignIn(page);
      const cart = await startCart(page, aisha);
      await addByTile(page, croissant);
      const points = page.getByText(/^Points: /);
      assert.ok(cents(await points.textContent()) >= 100, `the customer has at least 1.00 in points (${await points.textContent()})`);
      const before = cents(await totalOnScreen(page));

      await page.getByLabel('Discount redeem').fill('1');
      const redeemed = tillAnswer(page, { ref: cart.ref, body: (body) => cents(body.redeemAmount) === 100 });
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      await page.getByText(/redeemed MVR 1\.00/).waitFor();
      const totalText = await totalOnScreen(page);
      assert.equal(cents(totalText), before - 100, `the total (${totalText}) is reduced by the redemption`);
      const answer = await redeemed;
      assert.equal(answer.status, 200);
      assert.equal(cents(answer.invoice.redeemAmount), 100);
      assert.equal(cents(answer.invoice.totalAmount), cents(totalText), "the server's total after the redemption is the screen's");
      await shot(page, 'sales-flow-redeemed');

      const dialog = await openPayment(page, totalText);
      await dialog.getByText('Points redeemed').waitFor();
      const question = await pay(page, dialog, cart, 'Cash', 'cash', totalText);
      await question.getByRole('button', { name: 'Cancel' }).click();
      await atPath(page, '/staff');
      await allSent(page);

      const invoice = await serverInvoice(page, cart.id);
      assert.equal(invoice.status, 'paid');
      assert.equal(cents(invoice.redeemAmount), 100);
      assert.equal(cents(invoice.totalAmount), cents(totalText));
    }));

  it('4. the admin refunds part of the flow 1 invoice by amount', () =>
    flow('4-refund', async (page) => {
      assert.ok(sold.invoiceId, 'flow 1 sold an invoice');
      await adminSignIn(page);
      await openFromMenu(page, 'Admin menu', 'Invoices', '/admin/invoices');
      assert.equal(await page.getByRole('tab', { name: 'Paid' }).getAttribute('aria-selected'), 'true');
      await page.getByRole('link', { name: sold.invoiceNumber, exact: true }).click();
      await atPath(page, `/admin/invoice/data/${sold.invoiceId}`);
      await page.getByRole('heading', { name: `Invoice ${sold.invoiceNumber}` }).waitFor();

      const refund = page.getByLabel('Refund amount');
      await refund.fill('5.00');
      // Nothing moves until the admin confirms the amount.
      await refund.blur();
      await page.getByRole('button', { name: 'Refund amount…' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Refund MVR 5.00 of ${sold.invoiceNumber}?` });
      await confirm.waitFor();
      await shot(page, 'sales-flow-refund-confirm');
      const refunded = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/payment/${sold.invoiceId}/invoice`);
      await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
      assert.equal((await refunded).status(), 200);
      await toast(page, 'Refund accepted').waitFor();
      const figures = page.locator('.refund-panel__figures');
      await figures.getByText(/^Refunded/).waitFor();
      await page.waitForFunction(
        () => /Refunded\D*5\.00/.test(document.querySelector('.refund-panel__figures')?.textContent ?? ''),
      );
      const remaining = (await figures.textContent()).match(/Remaining\D*([\d,.]+)/);
      assert.ok(remaining, 'the remaining refundable amount is shown');
      assert.equal(cents(remaining[1]), cents(sold.totalText) - 500);
      // A paid sale's receipt is named by its receipt number; its invoice number is under it.
      const receipt = page.getByRole('article', { name: /^Receipt R-\d{6,}$/ });
      await receipt.getByText('Refunded').waitFor();
      assert.match(await receipt.textContent(), new RegExp(`Invoice ${sold.invoiceNumber}`));
      assert.match(await receipt.textContent(), /RefundedMVR 5\.00/);
      await shot(page, 'sales-flow-refunded');

      await page.getByRole('link', { name: 'Invoices' }).first().click();
      await atPath(page, '/admin/invoices');
      await page.getByRole('tab', { name: 'Refunded' }).click();
      const row = page.getByRole('table', { name: 'Refunded invoices' }).getByRole('row', { name: new RegExp(sold.invoiceNumber) });
      await row.waitFor();
      assert.match(await row.textContent(), /5\.00$/);
      await shot(page, 'sales-flow-refunded-tab');

      const invoice = await serverInvoice(page, sold.invoiceId);
      assert.equal(cents(invoice.refundedAmount), 500);
      assert.equal(invoice.status, 'paid', 'a partial refund leaves the invoice paid');
    }));

  it('5. the admin makes a custom invoice with two lines and prints it', () =>
    flow('5-custom', async (page) => {
      await adminSignIn(page);
      const creations = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/invoice/custom/create') creations.push(request);
      });
      await openFromMenu(page, 'Admin menu', 'Custom Invoice', '/admin/custom/invoice');
      await page.getByText('Add customer details to continue.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Print custom invoice' }).isDisabled(), true);
      assert.equal(creations.length, 0, 'opening the screen numbers no invoice');

      await page.getByLabel('Customer name').fill(customCustomer.name);
      await page.getByLabel('Mobile').fill(customCustomer.phone);
      await page.getByLabel('Email (optional)').fill(`walk-in-${run}@example.test`);
      await page.getByLabel('Address (optional)').fill('Majeedhee Magu 12');
      // Saving the details creates the invoice first.
      const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/invoice/custom/create');
      await page.getByRole('button', { name: 'Continue' }).click();
      const invoice = (await (await created).json()).data;
      await toast(page, 'Customer data added successfully').waitFor();
      assert.equal(creations.length, 1);

      const lines = page.getByRole('table', { name: 'Custom invoice lines' });
      for (const [search, name, quantity] of [
        ['Banan', 'Bananas', '1.5'],
        ['Tomat', 'Tomatoes', '2'],
      ]) {
        const title = page.getByRole('combobox', { name: 'Title' });
        await title.fill(search);
        await page.getByRole('listbox', { name: 'Products' }).getByRole('option', { name: new RegExp(name) }).waitFor();
        await title.press('Enter');
        await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Quantity');
        await page.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
        // The typing row also shows the name and quantity: wait for the server's answer.
        const added = page.waitForResponse(
          (response) => response.request().method() === 'POST' && /\/invoice\/custom\/[^/]+\/product$/.test(new URL(response.url()).pathname),
        );
        await page.getByRole('textbox', { name: 'Quantity' }).press('Enter');
        assert.equal((await added).status(), 200);
        await lines.getByRole('row', { name: new RegExp(`^\\d+ ${name} ${quantity.replace('.', '\\.')}`) }).waitFor();
      }
      // The new row opens once the second line's answer is in: wait for it, then count.
      await lines.locator('tbody tr').nth(2).waitFor();
      assert.equal(await lines.locator('tbody tr').count(), 3, 'two lines and the row being typed');
      const totalText = await lines.getByRole('row', { name: /Total Amount/ }).locator('td').first().textContent();
      await shot(page, 'sales-flow-custom-invoice');

      await page.getByRole('button', { name: 'Print custom invoice' }).click();
      const prints = await printed(page);
      assert.equal(prints.length, 1);
      assert.match(prints[0], new RegExp(`Custom invoice ${invoice.invoiceNumber}`));
      assert.match(prints[0], new RegExp(customCustomer.name));
      assert.match(prints[0], /Bananas/);
      assert.match(prints[0], /Tomatoes/);

      const saved = await serverInvoice(page, invoice._id);
      assert.equal(saved.status, 'custom');
      assert.equal(saved.products.length, 2);
      assert.equal(cents(saved.totalAmount), cents(totalText));
      assert.equal(saved.customerDetailsCustom.userName, customCustomer.name);
    }));
});
