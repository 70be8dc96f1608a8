// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): issue 5's till screens as
// Chromium renders them, on desktop and tablet, with a screenshot of each: the cart with lines
// (priced by the real WASM core, as the server prices them) and the open orders list. The till
// is local-first (docs/api-till-sync.md): it sells from the catalogue and customers its pull
// stores (`GET /sync/*`) and sends each change as `PUT /till/invoices/{ref}`, which the stub
// answers as the server does: the invoice of the lines SENT, numbered, priced by the core.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { initSync, priceCart } from '../../src/wasm-core/pos_core_wasm.js';
import { failed, ok, stubApi, syncPage } from './stub-api.mjs';
import { launchBrowser, openPage, shot, viewports } from './support.mjs';

initSync({ module: readFileSync(new URL('../../src/wasm-core/pos_core_wasm_bg.wasm', import.meta.url)) });

const shop = {
  _id: 'shop-1', shopName: 'Corner Grocery', email: 'owner@corner.example', phoneNumber: '7712345',
  countryName: 'Maldives', currencyCode: 'MVR', timeZone: 'Indian/Maldives',
};
const admin = {
  _id: 'user-1', staffId: 'S000001', userName: 'Aisha', email: 'aisha@corner.example', phoneNumber: '7712345',
  role: 'admin', permissions: ['product_read', 'category_read', 'customer_read'], shopId: 'shop-1',
  shopName: 'Corner Grocery', currencyCode: 'MVR',
};
const category = (id, categoryName, discountRate) => ({ _id: id, categoryName, description: '', discountRate, productCount: 2, createdAt: 0, updatedAt: 0 });
const categories = [category('cat-1', 'Drinks', 5), category('cat-2', 'Grains', 0), category('cat-3', 'Snacks', 0), category('cat-4', 'Household', 0)];
const product = (n, productName, categoryId, price, quantity, unit = 'no', extra = {}) => ({
  _id: `prod-${n}`, product_id: `P-00000${n}`, barcodeNumber: `890000${n}`, productName,
  category: { _id: categoryId, categoryName: categories.find((c) => c._id === categoryId).categoryName },
  quantity, unit, costPrice: Math.round(price * 70) / 100, costPriceProfit: 30, sellingPrice: price, discount: 0,
  discountType: 'percentage', productTax: 0, loyaltyRate: 1, price, createdAt: 0, updatedAt: 0, ...extra,
});
const products = [
  product(1, 'Cola 330ml', 'cat-1', 9.5, 24, 'no', { discount: 10, productTax: 8 }),
  product(2, 'Basmati rice', 'cat-2', 32, 40.5, 'kg', { discount: 2, discountType: 'flat' }),
  product(3, 'Mineral water 1.5l', 'cat-1', 5, 60),
  product(4, 'Potato chips salted family pack', 'cat-3', 18.75, 12),
  product(5, 'Dish soap', 'cat-4', 22, 0),
  product(6, 'Orange juice 1l', 'cat-1', 27.5, 8),
  product(7, 'Wheat flour', 'cat-2', 14, 25, 'kg'),
  product(8, 'Cashew nuts', 'cat-3', 65, 5),
];
const categoryRate = (p) => categories.find((c) => c._id === p.category._id).discountRate;
const line = (p, quantity, customProduct = false) => ({
  _id: `line-${p._id}`, productId: p._id, productName: p.productName, unit: p.unit, customProduct, quantity,
  sellingPrice: p.sellingPrice, costPrice: p.costPrice, costPriceProfit: p.costPriceProfit, discount: p.discount,
  discountType: p.discountType, categoryDiscountRate: categoryRate(p), productTax: p.productTax, loyaltyRate: p.loyaltyRate,
  refundedQuantity: 0,
});

/** A custom product made at the till (`POST /custom-product/create`) and its line: no discount, tax or points. */
const giftWrap = { _id: 'custom-1', product_id: 'C-000001', productName: 'Gift wrap', quantity: 1, unit: 'no', sellingPrice: 14, customProduct: true };
const customLine = (p) => ({
  _id: `line-${p._id}`, productId: p._id, productName: p.productName, unit: p.unit, customProduct: true, quantity: p.quantity,
  sellingPrice: p.sellingPrice, costPrice: 0, costPriceProfit: 0, discount: 0, discountType: 'percentage', categoryDiscountRate: 0,
  productTax: 0, loyaltyRate: 0, refundedQuantity: 0,
});
/** A line of a till command's body (amounts as text) as the server stores it. */
const sentLine = (sent) => ({
  _id: `line-${sent.productId}`, productId: sent.productId, productName: sent.productName, unit: sent.unit,
  customProduct: sent.customProduct, quantity: Number(sent.quantity), sellingPrice: Number(sent.sellingPrice),
  costPrice: Number(sent.costPrice), costPriceProfit: Number(sent.costPriceProfit), discount: Number(sent.discount),
  discountType: sent.discountType, categoryDiscountRate: Number(sent.categoryDiscountRate), productTax: Number(sent.productTax),
  loyaltyRate: Number(sent.loyaltyRate), refundedQuantity: 0,
});
const refOf = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const emptyCart = { lines: [], subTotal: '0', totalDiscount: '0', totalTax: '0', redeemAmount: '0', totalAmount: '0', pointsEarned: '0' };

/** The invoice as the server answers it: every amount from the core. */
function invoice(n, customer, lines, extra = {}) {
  const redeemAmount = extra.redeemAmount ?? 0;
  // The core refuses to price no lines ("Cart Empty"); the server's new cart is all zeros.
  const cart = lines.length > 0 ? JSON.parse(priceCart(new TextEncoder().encode(JSON.stringify({ lines, redeemAmount })))) : emptyCart;
  return {
    _id: `inv-${n}`, ref: refOf(n), provisionalNumber: '', invoiceNumber: `INV-${String(n).padStart(6, '0')}`, status: 'active',
    createdAt: Date.UTC(2025, 2, 5, 9, 15 + n), updatedAt: 0, paidAt: null, staff: 'Aisha (staff)', staffId: 'user-1',
    customer, customerDetailsCustom: null,
    products: lines.map((l, i) => ({
      ...l, price: Number(cart.lines[i].price), gross: Number(cart.lines[i].gross), discountAmount: Number(cart.lines[i].discount),
      tax: Number(cart.lines[i].tax), total: Number(cart.lines[i].total), pointsEarned: Number(cart.lines[i].pointsEarned),
    })),
    subTotal: Number(cart.subTotal), totalDiscount: Number(cart.totalDiscount), totalTax: Number(cart.totalTax),
    redeemAmount: Number(cart.redeemAmount), totalAmount: Number(cart.totalAmount), pointsEarned: Number(cart.pointsEarned),
    refundedAmount: 0, paymentMethod: null, cardStatus: null, ...extra,
  };
}
const aisha = { _id: 'c-1', customerName: 'Aisha Ali', phoneNumber: '7771234', loyalityPoint: 12.5 };
const hassan = { _id: 'c-2', customerName: 'Hassan Naseer', phoneNumber: '7785555', loyalityPoint: 0 };
/** The customers as the sync pull delivers them (GET /customer's shape). */
const customers = [aisha, hassan].map((c) => ({ ...c, email: '', pointAmount: c.loyalityPoint, createdAt: 0, updatedAt: 0 }));
/** What the cashier rings up below: the cart the server must answer, priced by the core. */
const cart = invoice(42, aisha, [line(products[0], 2), line(products[1], 1.5), line(products[3], 1), customLine(giftWrap)]);
const saved = [
  { ...invoice(41, hassan, [line(products[2], 6)]), status: 'saved', staff: 'Ben (staff)', staffId: 'user-2' },
  { ...invoice(40, aisha, [line(products[0], 1), line(products[5], 2)]), status: 'saved' },
  { ...invoice(39, { _id: 'c-3', customerName: 'Mariyam Zahir', phoneNumber: '9601122' }, [line(products[7], 3)]), status: 'saved' },
];

const session = { 'GET /admin/check-logged': ok(admin), 'GET /shop/check-login': ok(shop) };
const catalogue = {
  'GET /sync/categories': syncPage(categories),
  'GET /sync/products': syncPage(products),
  'GET /sync/customers': syncPage(customers),
  'GET /invoice/save/status-saved': ok(saved),
};

/**
 * The server's side of the till's invoice commands for one visit: each ref becomes invoice
 * number `n` (201 the first time, 200 after), the invoice of the lines and redemption the till
 * SENT, priced by the core. `sent` keeps the bodies in order.
 */
function tillInvoices(n) {
  const sent = [];
  const refs = new Set();
  const answers = {
    'PUT /till/invoices/:ref': (request, { ref }) => {
      const body = request.postDataJSON();
      sent.push(body);
      const customer = customers.find((candidate) => candidate._id === body.customerId);
      if (!customer) return failed(404, 'Customer not found');
      const { _id, customerName, phoneNumber, loyalityPoint } = customer;
      const answer = invoice(n, { _id, customerName, phoneNumber, loyalityPoint }, body.lines.map(sentLine), {
        redeemAmount: Number(body.redeemAmount), status: body.status,
      });
      const created = !refs.has(ref);
      refs.add(ref);
      return ok({ ...answer, ref, provisionalNumber: body.provisionalNumber }, created ? 201 : 200);
    },
  };
  return { sent, answers };
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function visit(viewport, path, answers, check) {
  const { page, context, pageErrors } = await openPage(browser, viewport, path, stubApi(answers));
  try {
    await check(page);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
}

const settle = (page) => page.waitForTimeout(300);

/** The top bar says the till has its catalogue ("Synced") and, with `allSent`, that no change waits or was rejected. */
const synced = (page, allSent = false) =>
  page.getByRole('button', { name: allSent ? /^Sync status: 0 unsynced, Synced (?!.*rejected)/ : /^Sync status: .*Synced / }).waitFor();

/** A product tile is tapped: its line shows in the cart. */
async function tap(page, productName) {
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${productName}`) }).click();
  await page.getByRole('list', { name: 'Products in the cart' }).getByText(productName).waitFor();
}

/** A line's quantity is typed and sent with Enter. */
async function typeQuantity(page, productName, quantity) {
  const field = page.getByLabel(`Quantity of ${productName}`);
  await field.fill(quantity);
  await field.press('Enter');
}

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`till screens on ${device}`, () => {
    it('cart: a customer found by phone, lines priced by the core, tiles, categories', () => {
      const server = tillInvoices(42);
      return visit(
        viewport,
        '/admin/cart',
        { ...session, ...catalogue, ...server.answers, 'POST /custom-product/create': ok(giftWrap, 201) },
        async (page) => {
          await page.getByText('First Select Customer').first().waitFor();
          await synced(page);
          await page.getByLabel('Customer phone').fill('7771234');
          // The device's number first, the server's once the cart's first command is answered.
          await page.getByRole('heading', { name: 'INV-000042' }).waitFor();
          await tap(page, 'Cola 330ml');
          await typeQuantity(page, 'Cola 330ml', '2');
          await tap(page, 'Basmati rice');
          await typeQuantity(page, 'Basmati rice', '1.5');
          await tap(page, 'Potato chips salted family pack');
          await page.getByRole('button', { name: 'Custom product' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add custom product' });
          await dialog.getByLabel('Product name').fill(giftWrap.productName);
          await dialog.getByLabel('Selling price (MVR)').fill(String(giftWrap.sellingPrice));
          await dialog.getByRole('button', { name: 'Add to cart' }).click();
          await page.getByRole('list', { name: 'Products in the cart' }).getByText('Gift wrap').waitFor();
          await synced(page, true);

          // The till sent the lines as rung up, and the screen shows the server's total of them.
          const last = server.sent.at(-1);
          assert.deepEqual(
            last.lines.map(({ productId, quantity, customProduct }) => [productId, quantity, customProduct]),
            [['prod-1', '2', false], ['prod-2', '1.5', false], ['prod-4', '1', false], ['custom-1', '1', true]],
          );
          assert.equal(last.customerId, aisha._id);
          await page.getByText('In cart: 2').first().waitFor();
          assert.equal(await page.locator('.cart-panel').getAttribute('data-amounts'), 'core');
          assert.equal(await page.getByLabel('Total', { exact: true }).textContent(), `MVR ${cart.totalAmount.toFixed(2)}`);
          assert.equal(await page.getByRole('link', { name: 'Open orders, 3 saved' }).count(), 1);
          await settle(page);
          await shot(page, `sales-cart-${device}`);
        },
      );
    });

    it('open orders: the saved carts with their delete confirmation', () =>
      visit(viewport, '/admin/open/orders', { ...session, ...catalogue }, async (page) => {
        await page.getByRole('link', { name: 'Open INV-000041' }).waitFor();
        await settle(page);
        await shot(page, `sales-open-orders-${device}`);
        await page.getByRole('button', { name: 'Delete INV-000040' }).click();
        await page.getByRole('alertdialog', { name: 'Do you want to delete this open order?' }).waitFor();
        await shot(page, `sales-open-orders-delete-${device}`);
      }));
  });
}

/** The three ways a counter tablet or screen is held (docs/offline.md's counter sizes). */
const counterSizes = {
  'tablet-landscape': { width: 1024, height: 768 },
  'tablet-portrait': { width: 768, height: 1024 },
  'counter-screen': { width: 1440, height: 900 },
};

/** `locator`'s box lies inside the viewport as the page opened, scrolled nowhere. */
async function inView(page, locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is on the page`);
  const { width, height } = page.viewportSize();
  assert.ok(box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width, `${what} is in view: ${JSON.stringify(box)}`);
  return box;
}

for (const [size, viewport] of Object.entries(counterSizes)) {
  describe(`the counter at ${size}`, () => {
    it('keeps the customer, Total, Pay and the first products in view while the lines scroll inside the cart', () => {
      const server = tillInvoices(42);
      return visit(viewport, '/admin/cart', { ...session, ...catalogue, ...server.answers }, async (page) => {
        await synced(page);
        await inView(page, page.getByLabel('Customer phone'), 'the phone box');
        await inView(page, page.getByRole('list', { name: 'Products' }).getByRole('button').first(), 'the first product');
        await page.getByLabel('Customer phone').fill('7771234');
        await page.getByRole('heading', { name: 'INV-000042' }).waitFor();
        for (const name of ['Cola 330ml', 'Basmati rice', 'Mineral water 1.5l', 'Potato chips salted family pack', 'Orange juice 1l', 'Wheat flour']) {
          await tap(page, name);
          const pay = await inView(page, page.getByRole('button', { name: 'Pay', exact: true }), 'Pay');
          // The toast of the add covers none of the controls a cashier reaches for next.
          const toastBox = await page.locator('[data-sonner-toast]').first().boundingBox();
          for (const [what, control] of [['Pay', page.getByRole('button', { name: 'Pay', exact: true })], ['the search box', page.getByRole('searchbox')], ['the phone box', page.getByLabel('Customer phone')], ['Total', page.getByLabel('Total', { exact: true })]]) {
            const box = await control.boundingBox();
            const apart = !toastBox || toastBox.x >= box.x + box.width || box.x >= toastBox.x + toastBox.width || toastBox.y >= box.y + box.height || box.y >= toastBox.y + toastBox.height;
            assert.ok(apart, `the toast leaves ${what} uncovered`);
          }
          assert.ok(pay.height >= 44, 'Pay is a finger high');
          await inView(page, page.getByLabel('Total', { exact: true }), 'Total');
          // The line just added is shown, inside the cart's own scrolling list.
          await inView(page, page.getByRole('list', { name: 'Products in the cart' }).getByText(name), `the line of ${name}`);
        }
        assert.equal(await page.evaluate(() => globalThis.scrollY), 0, 'the page itself never scrolled');
        const lines = page.getByRole('region', { name: 'Cart lines' });
        assert.ok(await lines.evaluate((list) => list.scrollHeight > list.clientHeight), 'six lines overflow the list, which scrolls');
        for (const control of [page.getByRole('list', { name: 'Products' }).getByRole('button').first(), page.getByRole('button', { name: 'Save' })]) {
          assert.ok((await control.boundingBox()).height >= 44, 'touch targets are at least 44 px');
        }
        await settle(page);
        await shot(page, `sales-counter-${size}`);
      });
    });
  });
}

describe('the till by keyboard', () => {
  it('types into the box that takes it when none has focus: the phone before a sale, the search during one', () => {
    const server = tillInvoices(42);
    return visit(viewports.desktop, '/admin/cart', { ...session, ...catalogue, ...server.answers }, async (page) => {
      await synced(page);
      const phone = page.getByLabel('Customer phone');
      await page.waitForFunction(() => globalThis.document.activeElement?.getAttribute('type') === 'tel');
      // Focus somewhere that takes no text (a category), then a phone number is typed.
      await page.getByRole('button', { name: 'All', exact: true }).focus();
      await page.keyboard.type('7771234');
      await page.getByRole('heading', { name: 'INV-000042' }).waitFor();
      assert.equal(await phone.inputValue(), '');
      // A scanner's code with nothing focused lands in the search box and adds the product.
      await page.getByRole('button', { name: 'All', exact: true }).focus();
      await page.keyboard.type('8900003');
      await page.keyboard.press('Enter');
      await page.getByRole('list', { name: 'Products in the cart' }).getByText('Mineral water 1.5l').waitFor();
      // F8 right after the scan pays once the line is written, F9 in cash.
      await page.keyboard.press('F8');
      const dialog = page.getByRole('dialog', { name: /^Total payable amount/ });
      await dialog.waitFor();
      await shot(page, 'sales-keyboard-pay');
      await page.keyboard.press('F9');
      await page.getByRole('dialog', { name: 'Proceed to print?' }).waitFor();
    });
  });
});

