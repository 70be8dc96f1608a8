// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): the invoices list
// (paged, searched and filtered by the server), invoice detail with refunds and its printed
// receipt, the card return page and the custom invoice, as Chromium renders them, with a
// screenshot of each. (The payment dialog opens from
// the open-order screen, which another part of issue 5 builds; its screenshot belongs there.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ok, stubApi } from './stub-api.mjs';
import { launchBrowser, openPage, shot, viewports } from './support.mjs';

const shop = {
  _id: 'shop-1', shopName: 'Corner Grocery', email: 'owner@corner.example', phoneNumber: '7712345',
  countryName: 'Maldives', currencyCode: 'MVR', timeZone: 'Indian/Maldives',
};
const admin = {
  _id: 'user-1', staffId: 'S000001', userName: 'Aisha', email: 'aisha@corner.example', phoneNumber: '7712345',
  role: 'admin', permissions: ['product_read', 'customer_read'], shopId: 'shop-1', shopName: 'Corner Grocery', currencyCode: 'MVR',
};
const line = (n, productName, unit, quantity, price, discountAmount, total) => ({
  _id: `line-${n}`, productId: `prod-${n}`, productName, unit, customProduct: false, quantity, sellingPrice: price, costPrice: 0,
  costPriceProfit: 0, discount: 0, discountType: 'percentage', categoryDiscountRate: 0, productTax: 0, loyaltyRate: 1, price,
  gross: total + discountAmount, discountAmount, tax: 0, total, pointsEarned: 0, refundedQuantity: 0,
});
const invoice = (n, minutes, paymentMethod, refundedAmount, customerName) => ({
  _id: `inv-${n}`, invoiceNumber: `INV-${String(n).padStart(6, '0')}`, status: refundedAmount >= 109.5 ? 'refunded' : 'paid',
  createdAt: Date.UTC(2025, 2, 5, 9, minutes), updatedAt: Date.UTC(2025, 2, 5, 9, minutes), paidAt: Date.UTC(2025, 2, 5, 9, minutes + 5),
  staff: 'Ben (staff)', staffId: 'user-2', customer: { _id: 'c-1', customerName, phoneNumber: '7771234' }, customerDetailsCustom: null,
  products: [line(1, 'Basmati rice 5kg bag', 'kg', 2, 45, 9, 81), line(2, 'Cola 330ml', 'no', 3, 9.5, 0, 28.5)],
  subTotal: 118.5, totalDiscount: 9, totalTax: 0, redeemAmount: 0, totalAmount: 109.5, pointsEarned: 1.1, refundedAmount,
  paymentMethod, cardStatus: paymentMethod === 'digital' ? 'paid' : null,
});
const paid = [
  invoice(12, 40, 'cash', 0, 'Aisha Ali'),
  invoice(11, 30, 'internal-device', 20, 'Hassan Naseer'),
  invoice(10, 20, 'digital', 0, 'Mariyam Zahir'),
];
const custom = {
  ...invoice(13, 50, null, 0, ''), status: 'custom', customer: null, paidAt: null, paymentMethod: null,
  customerDetailsCustom: { userName: 'Reef Resort', phoneNumber: '7790000', email: 'stores@reef.example', address: 'Male' },
  products: [], subTotal: 0, totalDiscount: 0, totalAmount: 0,
};
const products = ['Basmati rice 5kg bag', 'Brown rice', 'Jasmine rice', 'Rice flour', 'Rice noodles', 'Red rice'].map((productName, index) => ({
  _id: `prod-${index + 1}`, product_id: `P-00000${index + 1}`, productName, barcodeNumber: '', category: { _id: 'cat-1' }, unit: 'kg',
  sellingPrice: 40 + index, costPrice: 0, costPriceProfit: 0, discount: 0, discountType: 'percentage', productTax: 0,
}));
const categories = [{ _id: 'cat-1', categoryName: 'Rice', description: '', discountRate: 0, productCount: 6, createdAt: 1, updatedAt: 1 }];

/** A sale the card paid the rest of, after MVR 20.00 cash at the counter. */
const paidInParts = {
  ...invoice(14, 55, 'digital', 0, 'Aisha Ali'),
  tenders: [{ method: 'cash', amount: 20, refunded: 0 }, { method: 'digital', amount: 89.5, refunded: 0 }],
  cashReceived: 20, change: 0, rounding: 0,
};

/** Older sales, the second page of the paid list. */
const older = [9, 8, 7].map((n) => invoice(n, n, 'cash', 0, 'Ibrahim Rasheed'));
/** A sale of months ago, found by its number. */
const monthsAgo = { ...invoice(3, 0, 'cash', 0, 'Aisha Ali'), paidAt: Date.UTC(2025, 0, 14, 10, 0) };

/** The invoice list as the server pages and searches it: two pages, or what a search finds. */
function invoiceList(request) {
  const query = new URL(request.url()).searchParams;
  if (query.get('search')) return ok(query.get('search') === 'INV-000003' ? [monthsAgo] : []);
  if (query.get('after') === 'cGFpZDoxMA') return ok(older);
  return { ...ok(paid), headers: { Link: `</api/v1/invoice?status=paid&limit=50&after=cGFpZDoxMA>; rel="next"` } };
}

const answers = {
  'GET /admin/check-logged': ok(admin),
  'GET /shop/check-login': ok(shop),
  'GET /invoice': invoiceList,
  'GET /invoice/inv-3': ok(monthsAgo),
  'GET /invoice/inv-11': ok(paid[1]),
  'PUT /payment/card/success/invoice/inv-10': ok(paid[2]),
  'PUT /payment/card/success/invoice/inv-14': ok(paidInParts),
  'PUT /payment/card/failed/invoice/inv-15': ok({ ...invoice(15, 58, null, 0, 'Aisha Ali'), status: 'saved', paidAt: null, cardStatus: 'failed' }),
  'POST /invoice/custom/create': ok({ ...custom, customerDetailsCustom: null }, 201),
  'PUT /invoice/custom/inv-13/customer': ok(custom),
  'POST /invoice/custom/inv-13/product': ok({
    ...custom,
    products: [{ ...line(1, 'Basmati rice 5kg bag', 'kg', 2.5, 40, 0, 100), customProduct: false }],
    subTotal: 100,
    totalAmount: 100,
  }),
  'GET /product': ok(products),
  'GET /categories': ok(categories),
  'DELETE /invoice/custom/inv-13': ok(null),
};

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The tablet's two ways round, where the filter bar has to fit beside the list. */
const tabletSizes = { 'tablet-landscape': { width: 1024, height: 768 }, 'tablet-portrait': { width: 768, height: 1024 } };

for (const [size, viewport] of Object.entries({ ...viewports, ...tabletSizes })) {
  describe(`the invoices list on ${size}`, () => {
    it('pages with Load more, and finds a months-old sale by its number', async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, '/admin/invoices', stubApi(answers));
      const table = page.getByRole('table', { name: 'Paid invoices' });
      await table.getByRole('cell', { name: 'INV-000012' }).waitFor();
      await page.getByRole('button', { name: 'Load more' }).waitFor();
      assert.equal(await page.evaluate(() => globalThis.document.documentElement.scrollWidth <= globalThis.innerWidth), true, 'nothing wider than the screen');
      await shot(page, `sales-invoices-${size}`);

      await page.getByRole('button', { name: 'Load more' }).click();
      await table.getByRole('cell', { name: 'INV-000007' }).waitFor();
      const numbers = await table.locator('tbody tr td:first-child').allTextContents();
      assert.deepEqual(numbers, ['INV-000012', 'INV-000011', 'INV-000010', 'INV-000009', 'INV-000008', 'INV-000007']);
      assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);

      await page.getByLabel('Search invoices').fill('INV-000003');
      await table.getByRole('cell', { name: 'INV-000003' }).waitFor();
      assert.equal(await table.locator('tbody tr').count(), 1);
      await shot(page, `sales-invoices-found-${size}`);
      await table.getByRole('link', { name: 'INV-000003' }).click();
      await page.waitForURL('**/admin/invoice/data/inv-3');
      assert.deepEqual(pageErrors, []);
      await context.close();
    });
  });
}

for (const [size, viewport] of Object.entries(viewports)) {
  describe(`selling records screens on ${size}`, () => {

    it('shows an invoice with its refunds, and prints only the receipt', async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, '/admin/invoice/data/inv-11', stubApi(answers));
      await page.getByText('RemainingMVR 89.50').or(page.getByText('Remaining')).first().waitFor();
      await page.getByLabel('Return quantity of Basmati rice 5kg bag').fill('1');
      await page.getByText('Refund for these goods').waitFor();
      await shot(page, `sales-invoice-detail-${size}`);
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('#root').isVisible(), false);
      await shot(page, `sales-receipt-print-${size}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });

    it('confirms a card payment on the way back from Stripe', async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, '/admin/payment/success?invoice=inv-10', stubApi(answers));
      await page.getByText('Payment successful.').waitFor();
      await shot(page, `sales-card-success-${size}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });

    it('says how a sale was paid when the card paid what cash left', async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, '/admin/payment/success?invoice=inv-14', stubApi(answers));
      await page.getByText('INV-000014 is paid: MVR 20.00 cash and MVR 89.50 by card.').waitFor();
      await shot(page, `sales-card-success-split-${size}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });

    it('tells the cashier what was taken at the counter when the card after it was cancelled', async () => {
      // The dialog remembered the parts in this tab before the browser left for Stripe.
      const rememberParts = async (page) => {
        await stubApi(answers)(page);
        await page.addInitScript(() => {
          const parts = [{ method: 'cash', amount: '20' }, { method: 'internal-device', amount: '5' }, { method: 'gift-card', amount: '10', card: 'GC00017788' }];
          globalThis.sessionStorage.setItem('pos.partsBeforeCard.inv-15', JSON.stringify(parts));
        });
      };
      const { page, context, pageErrors } = await openPage(browser, viewport, '/admin/payment/cancel?invoice=inv-15', rememberParts);
      await page.getByText('Taken at the counter before the card: Cash MVR 20.00, Swipe MVR 5.00.').waitFor();
      await page.getByText('Nothing was taken from the gift card.').waitFor();
      await shot(page, `sales-card-cancel-parts-${size}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });

    it('starts a custom invoice with the customer, then suggests products', async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, '/admin/custom/invoice', stubApi(answers));
      await page.getByText('Add customer details to continue.').waitFor();
      await shot(page, `sales-custom-invoice-details-${size}`);
      await page.getByLabel('Customer name').fill('Reef Resort');
      await page.getByLabel('Mobile').fill('7790000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('combobox', { name: 'Title' }).fill('rice');
      await page.getByRole('combobox', { name: 'Title' }).press('ArrowDown');
      assert.equal(await page.getByRole('option').count(), 5);
      await shot(page, `sales-custom-invoice-table-${size}`);
      await page.getByRole('combobox', { name: 'Title' }).press('Enter');
      await page.getByLabel('Quantity').fill('2.5');
      await page.getByLabel('Quantity').press('Enter');
      await page.getByRole('cell', { name: 'Basmati rice 5kg bag', exact: true }).waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Title' }).evaluate((input) => input === input.ownerDocument.activeElement), true);
      await shot(page, `sales-custom-invoice-line-${size}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });
  });
}
