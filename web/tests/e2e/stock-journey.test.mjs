// End-to-end against the REAL server (the demo shop): one product's stock through a day. The
// admin receives a delivery of Dish Soap on the Receiving screen (the server adds the quantity
// and sets the cost price to the weighted average), sells one at the till, counts the
// Household shelf by scanning the soap's barcode and typing one less than expected, and posts
// the count; the soap's stock history then reads Counted, Sale, Received, newest first, above
// what it held before, and the low stock list shows the demo shop's low cake and cheese. The
// receiving form, the count and the stock history are photographed at 1024x768, 768x1024 and
// 1440x900 (web/test-results/stock-journey-*.png): neither the page nor the screen's table
// scrolls sideways, and the screen's key button is in view without scrolling. Then, with the
// network cut, damaged soap is taken off on the Adjust screen from the tablet's own catalogue:
// it is saved on the tablet, and reaches the ledger once when the network returns.

/* global document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addTileToCart, adminSignIn, allSent, cents, runFlow, insideWindow, tillAnswer, tillSizes as sizes, toast } from './demo-shop.mjs';
import { launchBrowser, navigateOffline, shot, url } from './support.mjs';

// No other journey sells or edits the soap, so its stock is this journey's alone.
const soap = { name: 'Dish Soap 500ml', barcode: '8901005000017', category: 'Household' };
const delivery = { supplier: 'Island Foods', reference: `DN-${String(Date.now()).slice(-6)}`, quantity: 10, unitCost: '17.00' };

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The product as the catalogue answers it (the demo shop's catalogue is one page). */
async function catalogueProduct(page, productName) {
  const response = await page.request.get(url('/api/v1/product'));
  assert.equal(response.status(), 200);
  const product = (await response.json()).data.find((candidate) => candidate.productName === productName);
  assert.ok(product, `${productName} is in the demo catalogue`);
  return product;
}

/** The product's ledger as the server keeps it: its stock now and its rows, newest first. */
async function stockMoves(page, productId) {
  const response = await page.request.get(url(`/api/v1/stock/products/${productId}/moves?limit=200`));
  assert.equal(response.status(), 200);
  const { product, rows } = (await response.json()).data;
  return { quantity: product.quantity, rows };
}

/** The weighted average cost per unit in cents, rounded half up: what the stock on hand and the delivery cost together, per unit. */
function averageCents(onHand, costBefore, received, unitCost) {
  const value = BigInt(onHand) * BigInt(costBefore) + BigInt(received) * BigInt(unitCost);
  const units = BigInt(onHand + received);
  return Number((value * 2n + units) / (units * 2n));
}

const mvr = (amountCents) => `MVR ${(amountCents / 100).toFixed(2)}`;

/** The rows of the table `region` (a DataTable) as the text of their cells. */
const tableRows = (region) =>
  region.locator('tbody tr.data-table__row').evaluateAll((rows) => rows.map((row) => [...row.cells].map((cell) => cell.textContent.trim())));

/**
 * The screen at each size: neither the page nor its `table` (a DataTable's region) scrolls
 * sideways, `key` is in view without scrolling, and it is photographed as `name`.
 */
async function checkSizes(page, name, key, table) {
  for (const [size, viewport] of Object.entries(sizes)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.scrollingElement.scrollTo(0, 0));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement.scrollWidth,
      innerWidth: globalThis.innerWidth,
    }));
    assert.ok(scrollWidth <= innerWidth, `${name} (${size}) scrolls sideways: ${scrollWidth} > ${innerWidth}`);
    const tableWidths = await table.evaluate((region) => ({ scrollWidth: region.scrollWidth, clientWidth: region.clientWidth }));
    assert.ok(tableWidths.scrollWidth <= tableWidths.clientWidth, `${name}'s table (${size}) scrolls sideways: ${tableWidths.scrollWidth} > ${tableWidths.clientWidth}`);
    await insideWindow(key, viewport, `${name}: the key button (${size})`);
    await shot(page, `stock-journey-${name}-${size}`);
  }
  await page.setViewportSize(sizes.landscape);
}

describe("a product's stock through a day", () => {
  it('is received at the weighted average cost, sold, counted one short, and its history reads so', async () => {
    const context = await browser.newContext({ viewport: sizes.landscape });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    page.setDefaultTimeout(15_000);
    try {
      await adminSignIn(page);
      const product = await catalogueProduct(page, soap.name);
      const before = await stockMoves(page, product._id);
      assert.equal(before.quantity, product.quantity, 'the ledger and the product agree on the stock');
      const costBefore = cents(product.costPrice);
      // What the soap has on hand after each step.
      const receivedStock = before.quantity + delivery.quantity;
      const soldStock = receivedStock - 1;
      const countedStock = soldStock - 1;

      // 1. A delivery of 10 at 17.00: typed by name, its cost previewed, received after the confirmation.
      await page.goto(url('/admin/stock/receiving/new'));
      await page.getByLabel('Supplier').fill(delivery.supplier);
      await page.getByLabel('Delivery note number').fill(delivery.reference);
      const search = page.getByRole('combobox', { name: 'Scan a barcode or type a product name' });
      await page.getByPlaceholder('Barcode, name or number').waitFor();
      await search.fill('dish soap');
      await page.getByRole('option', { name: new RegExp(`^${soap.name}`) }).click();
      const quantityBox = page.getByLabel('Line 1 quantity');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Line 1 quantity');
      await page.keyboard.type(String(delivery.quantity));
      await page.getByLabel('Line 1 unit cost').fill(delivery.unitCost);
      assert.equal(await quantityBox.inputValue(), String(delivery.quantity));
      const costAfter = averageCents(before.quantity, costBefore, delivery.quantity, cents(delivery.unitCost));
      const lineCost = delivery.quantity * cents(delivery.unitCost);
      const lines = page.getByRole('region', { name: 'Delivery lines' });
      // Core's preview: the line's cost and the cost price after, before anything is sent.
      await lines.getByRole('cell', { name: mvr(costAfter), exact: true }).waitFor();
      assert.deepEqual((await tableRows(lines))[0].slice(0, 2), [`${soap.name}${soap.barcode}`, `${before.quantity} no`]);
      assert.deepEqual((await tableRows(lines))[0].slice(4, 6), [mvr(lineCost), mvr(costAfter)]);
      await page.getByText(`Total cost ${mvr(lineCost)}`).waitFor();
      const receiveButton = page.getByRole('button', { name: 'Receive delivery', exact: true });
      await checkSizes(page, 'receiving', receiveButton, lines);
      await receiveButton.click();
      const confirmReceive = page.getByRole('alertdialog', { name: 'Receive this delivery?' });
      await confirmReceive.getByText(`1 line from ${delivery.supplier}, total cost ${mvr(lineCost)}.`, { exact: false }).waitFor();
      const received = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/stock/receivings');
      await confirmReceive.getByRole('button', { name: 'Receive', exact: true }).click();
      const receivedAnswer = await received;
      assert.equal(receivedAnswer.status(), 201);
      const sent = receivedAnswer.request().postDataJSON();
      assert.deepEqual(
        { supplier: sent.supplier, reference: sent.reference, lines: sent.lines },
        { supplier: delivery.supplier, reference: delivery.reference, lines: [{ productId: product._id, quantity: String(delivery.quantity), unitCost: delivery.unitCost }] },
      );
      await toast(page, 'Stock received').waitFor();
      await page.getByRole('heading', { name: 'Delivery received' }).waitFor();
      const receivedLines = await tableRows(page.getByRole('region', { name: 'Lines received' }));
      assert.deepEqual(receivedLines, [
        [soap.name, `${delivery.quantity} no`, mvr(cents(delivery.unitCost)), mvr(lineCost), mvr(costBefore), mvr(costAfter), `${receivedStock} no`],
      ]);
      const afterReceiving = await stockMoves(page, product._id);
      assert.equal(afterReceiving.quantity, receivedStock, 'the stock rose by the delivery');
      assert.deepEqual(
        afterReceiving.rows.slice(0, 1).map(({ kind, change, balance }) => ({ kind, change, balance })),
        [{ kind: 'receiving', change: delivery.quantity, balance: receivedStock }],
      );
      assert.deepEqual(afterReceiving.rows.slice(1), before.rows, 'one row written, the older ones as they were');
      assert.equal(cents((await catalogueProduct(page, soap.name)).costPrice), costAfter, 'the cost price is the weighted average');

      // 2. One sold at the till, paid in cash.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto(url('/admin/cart'));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.locator('html[data-core="ready"]').waitFor();
      await page.getByRole('button', { name: /^Sync status: .*Synced / }).waitFor();
      await page.getByRole('button', { name: 'Walk-in' }).click();
      await page.locator('.cart-panel').getByText('Walk-in customer').waitFor();
      await addTileToCart(page, soap.name);
      const paid = tillAnswer(page, { action: '/payment' });
      await page.locator('.cart-panel').getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByRole('dialog', { name: /^Total payable amount: MVR/ }).getByRole('button', { name: 'Cash', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Proceed to print?' });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await toast(page, 'Payment successful.').waitFor();
      const sale = await paid;
      assert.equal(sale.status, 200);
      assert.equal((await stockMoves(page, product._id)).quantity, soldStock, 'the sale took one off');

      // 3. The Household shelf counted: the soap's barcode scanned, one less than expected typed.
      await page.goto(url('/admin/stock/counts'));
      await page.getByLabel('Count', { exact: true }).selectOption({ label: soap.category });
      const started = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/stock/counts' && response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Start count' }).click();
      assert.equal((await started).status(), 201);
      await page.getByRole('heading', { name: `Stock count: ${soap.category}` }).waitFor();
      const scanBox = page.getByRole('combobox', { name: 'Scan a barcode or type a name' });
      await page.waitForFunction(() => document.activeElement?.id === 'count-scan');
      // A scanner types the barcode and Enter; the quantity box takes the next keys.
      await page.keyboard.type(soap.barcode);
      await page.keyboard.press('Enter');
      await page.getByText(`Counted (no), expected ${soldStock}`).waitFor();
      assert.equal(await scanBox.inputValue(), soap.name);
      const recorded = page.waitForResponse((response) => /^\/api\/v1\/stock\/counts\/[^/]+\/lines$/.test(new URL(response.url()).pathname));
      await page.keyboard.type(String(countedStock));
      await page.keyboard.press('Enter');
      const recordedAnswer = await recorded;
      assert.equal(recordedAnswer.status(), 200);
      assert.deepEqual(recordedAnswer.request().postDataJSON(), { lines: [{ productId: product._id, counted: String(countedStock) }] });
      const countLines = page.getByRole('region', { name: 'Count lines' });
      const soapLine = countLines.locator('tbody tr').filter({ hasText: soap.name });
      await soapLine.getByRole('cell', { name: '-1', exact: true }).waitFor();
      assert.deepEqual((await soapLine.locator('td').allTextContents()).slice(1, 5), [
        `${soldStock} no`, `${countedStock} no`, '-1', mvr(-costAfter),
      ]);
      // The scan box is ready for the next product.
      await page.waitForFunction(() => document.activeElement?.id === 'count-scan');
      const postButton = page.getByRole('button', { name: 'Post count', exact: true });
      await checkSizes(page, 'count', postButton, countLines);
      await postButton.click();
      const confirmPost = page.getByRole('alertdialog', { name: 'Post this count?' });
      await confirmPost.getByText(/^1 product will change stock/).waitFor();
      const posted = page.waitForResponse((response) => /^\/api\/v1\/stock\/counts\/[^/]+\/post$/.test(new URL(response.url()).pathname));
      await confirmPost.getByRole('button', { name: 'Post count', exact: true }).click();
      assert.equal((await posted).status(), 200);
      await toast(page, 'Count posted').waitFor();
      await page.getByText('Posted', { exact: true }).first().waitFor();

      // 4. The soap's stock history, newest first: Counted, Sale, Received, then what it held before.
      await page.goto(url(`/admin/stock/products/${product._id}`));
      await page.getByRole('heading', { name: `Stock history: ${soap.name}` }).waitFor();
      const history = page.getByRole('region', { name: 'Stock moves' });
      await history.locator('tbody tr.data-table__row').first().waitFor();
      const kinds = { opening: 'Opening', correction: 'Correction', sale: 'Sale', refund: 'Refund', receiving: 'Received', count: 'Counted' };
      const shown = (await tableRows(history)).map(([, kind, change, balance, invoice]) => [kind, change, balance, invoice]);
      assert.deepEqual(shown, [
        ['Counted', '-1', String(countedStock), '—'],
        ['Sale', '-1', String(soldStock), sale.invoice.invoiceNumber],
        ['Received', `+${delivery.quantity}`, String(receivedStock), '—'],
        ...before.rows.map((row) => [kinds[row.kind] ?? row.kind, row.change > 0 ? `+${row.change}` : String(row.change), String(row.balance), row.invoiceNumber ?? '—']),
      ]);
      await page.getByLabel('The product now').getByText(String(countedStock), { exact: true }).waitFor();
      assert.equal((await stockMoves(page, product._id)).quantity, countedStock);
      await checkSizes(page, 'ledger', history.locator('tbody tr.data-table__row').first(), history);

      // 5. The demo shop's low products: the cake (12 on hand, reorder at 15) and the cheese (reorder at 30).
      await page.goto(url('/admin/stock/low'));
      const low = page.getByRole('region', { name: 'Low stock' });
      await low.getByRole('link', { name: 'Stock history of Chocolate Cake Slice' }).waitFor();
      const lowRows = await tableRows(low);
      assert.deepEqual(lowRows.find(([name]) => name === 'Chocolate Cake Slice'), ['Chocolate Cake Slice', 'Bakery', '12', '15', '3', 'no']);
      const cheese = lowRows.find(([name]) => name === 'Cheddar Cheese 200g');
      assert.ok(cheese, 'the cheese is low');
      assert.deepEqual([cheese[1], cheese[3]], ['Dairy', '30']);
      assert.ok(!lowRows.some(([name]) => name === soap.name), 'the soap, with no reorder level, is not low');
      await shot(page, 'stock-journey-low-stock');
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await shot(page, 'stock-journey-failed').catch(() => {});
      throw error;
    } finally {
      await context.close();
    }
  });
});

describe('stock adjusted with no connection', () => {
  it('is saved on the tablet from its own catalogue, and reaches the ledger once when the network returns', () =>
    runFlow(browser, 'stock-journey', 'offline', async (page) => {
      const context = page.context();
      await page.setViewportSize(sizes.landscape);
      page.setDefaultTimeout(15_000);
      await adminSignIn(page);
      const product = await catalogueProduct(page, soap.name);
      const before = await stockMoves(page, product._id);
      // The app is served by its service worker, and the till's copy of the catalogue is pulled.
      await page.goto(url('/admin/stock/adjust'));
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await allSent(page);

      await context.setOffline(true);
      await navigateOffline(page, () => page.reload());
      await page.getByText("No connection: products and stock are this device's copy.", { exact: false }).waitFor();
      const search = page.getByRole('combobox', { name: 'Scan a barcode or type a product name' });
      await page.getByPlaceholder('Barcode, name or number').waitFor();
      await search.fill(soap.barcode);
      await search.press('Enter');
      const takenOff = page.getByLabel('Line 1 taken off');
      await takenOff.fill('2');
      const lines = page.getByRole('region', { name: 'Adjustment lines' });
      await lines.getByRole('cell', { name: `${before.quantity - 2} no`, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Adjust stock', exact: true }).click();
      await page.getByRole('alertdialog', { name: 'Adjust stock?' }).getByRole('button', { name: 'Adjust', exact: true }).click();
      await page.getByRole('heading', { name: 'Adjustment saved on this device' }).waitFor();
      assert.deepEqual(await tableRows(page.getByRole('region', { name: 'Lines adjusted' })), [[soap.name, '-2 no', `${before.quantity - 2} no`]]);
      await page.getByRole('button', { name: /^Sync status: 1 unsynced/ }).waitFor();
      for (const [size, viewport] of Object.entries(sizes)) {
        await page.setViewportSize(viewport);
        await shot(page, `stock-journey-offline-adjustment-${size}`);
      }
      await page.setViewportSize(sizes.landscape);

      await context.setOffline(false);
      await allSent(page);
      const after = await stockMoves(page, product._id);
      assert.equal(after.quantity, before.quantity - 2, 'taken off once');
      assert.deepEqual(
        after.rows.slice(0, 1).map(({ kind, reason, change, balance }) => ({ kind, reason, change, balance })),
        [{ kind: 'adjustment', reason: 'damaged', change: -2, balance: before.quantity - 2 }],
      );
      assert.deepEqual(after.rows.slice(1), before.rows, 'one row written, the older ones as they were');
    }));
});
