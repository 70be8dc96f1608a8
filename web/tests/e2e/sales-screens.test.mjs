// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): issue 5's till screens as
// Chromium renders them, on desktop and tablet, with a screenshot of each: the cart with lines
// (priced by the real WASM core, as the server prices them) and the open orders list.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { initSync, priceCart } from '../../src/wasm-core/pos_core_wasm.js';
import { ok, stubApi } from './stub-api.mjs';
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

/** The invoice as the server answers it: every amount from the core. */
function invoice(n, customer, lines, extra = {}) {
  const redeemAmount = extra.redeemAmount ?? 0;
  const cart = JSON.parse(priceCart(new TextEncoder().encode(JSON.stringify({ lines, redeemAmount }))));
  return {
    _id: `inv-${n}`, invoiceNumber: `INV-${String(n).padStart(6, '0')}`, status: 'active',
    createdAt: Date.UTC(2025, 2, 5, 9, 15 + n), updatedAt: 0, paidAt: null, staff: { _id: 'user-1', userName: 'Aisha' },
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
const cart = invoice(42, aisha, [line(products[0], 2), line(products[1], 1.5), line(products[3], 1), { ...line(products[6], 1, true), productName: 'Gift wrap' }]);
const saved = [
  { ...invoice(41, hassan, [line(products[2], 6)]), status: 'saved', staff: { _id: 'user-2', userName: 'Ben' } },
  { ...invoice(40, aisha, [line(products[0], 1), line(products[5], 2)]), status: 'saved' },
  { ...invoice(39, { _id: 'c-3', customerName: 'Mariyam Zahir', phoneNumber: '9601122' }, [line(products[7], 3)]), status: 'saved' },
];

const session = { 'GET /admin/check-logged': ok(admin), 'GET /shop/check-login': ok(shop) };
const catalogue = { 'GET /till/catalog': ok({ categories, products }), 'GET /invoice/save/status-saved': ok(saved) };

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

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`till screens on ${device}`, () => {
    it('cart: a customer found by phone, lines priced by the core, tiles, categories', () =>
      visit(
        viewport,
        '/admin/cart',
        { ...session, ...catalogue, 'GET /customer/phone/7771234': ok(aisha), 'POST /invoice/c-1': ok(cart, 201), 'GET /invoice/inv-42': ok(cart) },
        async (page) => {
          await page.getByText('First Select Customer').first().waitFor();
          await page.getByLabel('Customer phone').fill('7771234');
          await page.getByRole('heading', { name: 'INV-000042' }).waitFor();
          await page.getByText('Already in Cart').first().waitFor();
          assert.equal(await page.locator('.cart-panel').getAttribute('data-amounts'), 'core');
          assert.equal(await page.getByLabel('Total', { exact: true }).textContent(), `MVR ${cart.totalAmount.toFixed(2)}`);
          assert.equal(await page.getByRole('link', { name: 'Open orders, 3 saved' }).count(), 1);
          await settle(page);
          await shot(page, `sales-cart-${device}`);
        },
      ));

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
