// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): the stock screens of a shop
// admin (a product's stock history, low stock, the stock reports, the products list with its
// reorder level and stock history action, the dashboard's low stock tile, a staff member's
// stock permission switches) on a portrait tablet (768x1024), a landscape one
// (1024x768) and a wide screen (1440x900). On each, the page never scrolls sideways (a table may,
// inside its own region), the filters and Export CSV buttons are in view without scrolling
// sideways, and the screen is photographed.
/* global document */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ok, stubApi } from './stub-api.mjs';
import { launchBrowser, openPage, shot } from './support.mjs';

const shop = {
  _id: 'shop-1', shopName: 'Corner Grocery', email: 'owner@corner.example', phoneNumber: '7712345', countryName: 'Maldives',
  currencyCode: 'MVR', timeZone: 'Indian/Maldives',
};
const admin = {
  _id: 'user-1', staffId: 'S000001', userName: 'Aisha', email: 'aisha@corner.example', phoneNumber: '7712345', role: 'admin',
  permissions: ['product_read', 'product_update', 'product_delete', 'category_read'], shiftPermissions: [],
  stockPermissions: ['stock_receive', 'stock_count', 'stock_adjust', 'stock_report'], shopId: 'shop-1', shopName: 'Corner Grocery',
  currencyCode: 'MVR',
};

const at = Date.UTC(2026, 10, 26, 4, 0);
const kinds = ['sale', 'refund', 'receiving', 'adjustment', 'count', 'correction', 'opening'];
const ledgerRows = Array.from({ length: 20 }, (_, index) => {
  const kind = kinds[index % kinds.length];
  return {
    _id: String(100 - index), kind, reason: kind === 'adjustment' ? 'damaged' : null,
    change: kind === 'sale' || kind === 'adjustment' ? -2 : 24, balance: 116 - index, invoiceId: kind === 'sale' ? '7' : null,
    invoiceNumber: kind === 'sale' ? 'INV-000007' : null, refundId: null, shiftId: null, userId: 'user-1', userName: 'Aminath Rasheed',
    createdAt: at - index * 3_600_000,
  };
});
const category = (n) => ({ _id: `cat-${n}`, categoryName: `Category ${n}`, description: '', discountRate: 0, productCount: 1, createdAt: at, updatedAt: at });
const product = (n) => ({
  _id: `prod-${n}`, product_id: `P-00000${n}`, barcodeNumber: `890123${n}`, productName: `Sparkling water 1.5 litre ${n}`,
  category: { _id: 'cat-1', categoryName: 'Category 1' }, quantity: 24, unit: 'no', costPrice: 6, costPriceProfit: 25, sellingPrice: 9.5,
  pricedFromCost: false, discount: 10, discountType: 'percentage', productTax: 8, loyaltyRate: 1.5, price: 9.5, reorderLevel: n % 2 ? 12 : null,
  createdAt: at, updatedAt: at,
});

const answers = {
  'GET /shop/check-login': ok(shop),
  'GET /admin/check-logged': ok(admin),
  'GET /receipt-settings': ok({ header: '', footer: '' }),
  'GET /categories': ok([1, 2, 3].map(category)),
  'GET /product': ok([1, 2, 3, 4].map(product)),
  'GET /stock/products/:id/moves': ok({ product: { _id: '12', productName: 'Sparkling water 1.5 litre', unit: 'no', quantity: 116 }, rows: ledgerRows, more: true }),
  'GET /stock/low': ok({
    products: [1, 2, 3].map((n) => ({
      _id: `prod-${n}`, productName: `Sparkling water 1.5 litre ${n}`, categoryName: 'Category 1', unit: 'kg', quantity: 1.25, reorderLevel: 10, shortBy: 8.75,
    })),
    count: 3,
  }),
  'GET /stock/value': ok({
    products: 120, costValue: 123456.5, retailValue: 234567.25, belowZero: 2,
    categories: [1, 2, 3].map((n) => ({ categoryId: `cat-${n}`, categoryName: `Category ${n}`, products: 40, costValue: 41152.17, retailValue: 78189.08 })),
  }),
  'GET /admin/dashboard/invoices/categories': ok([]),
  'GET /admin/dashboard/invoices/payment-method': ok({
    date: { paymentMethod: [{ paymentType: { paymentMethod: 'cash' }, roundedTotalAmount: 10.5 }], grandTotal: { roundedTotalAmount: 10.5 } },
    lowStock: 3,
  }),
  'GET /admin/dashboard/invoices/week': ok([]),
  'GET /admin/dashboard/invoices/month': ok([]),
  'GET /admin/dashboard/invoices/year': ok([]),
  'GET /admin/dashboard/invoices/days': ok([]),
  'GET /admin/staff/S000002/shop-1': ok({
    ...admin, _id: 'user-2', staffId: 'S000002', userName: 'Ben', role: 'staff', permissions: ['product_read'],
    shiftPermissions: ['shift_open_close'], stockPermissions: ['stock_count'],
  }),
  'GET /stock/moves': ok({ rows: ledgerRows.map((row) => ({ ...row, productId: '12', productName: 'Sparkling water 1.5 litre', unit: 'no' })), more: true }),
};

const sizes = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const sizeName = ({ width, height }) => `${width}x${height}`;

const screens = [
  { name: 'ledger', path: '/admin/stock/products/12', ready: (page) => page.getByRole('heading', { name: 'Stock history: Sparkling water 1.5 litre' }) },
  { name: 'low-stock', path: '/admin/stock/low', ready: (page) => page.getByText('3 products are at or below the reorder level.') },
  { name: 'stock-reports', path: '/admin/stock/reports', ready: (page) => page.getByText('MVR 123,456.50') },
  { name: 'products', path: '/admin/product/view', ready: (page) => page.getByRole('link', { name: 'Stock history of Sparkling water 1.5 litre 1' }) },
  { name: 'dashboard', path: '/admin', ready: (page) => page.getByText('Low stock: 3') },
  { name: 'permissions', path: '/admin/permissions/S000002', ready: (page) => page.getByRole('switch', { name: 'Stock reports' }) },
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Whether the page scrolls sideways, and which of the screen's buttons and fields lie past its right edge. */
const layout = (page) =>
  page.evaluate(() => {
    const outside = [...document.querySelectorAll('.screen a.button, .screen button, .screen select, .screen input')]
      .filter((element) => !element.closest('.data-table'))
      .filter((element) => element.getBoundingClientRect().right > globalThis.innerWidth + 1)
      .map((element) => element.textContent || element.id);
    return { scrollWidth: document.scrollingElement.scrollWidth, innerWidth: globalThis.innerWidth, outside };
  });

for (const viewport of sizes) {
  describe(`the stock screens at ${sizeName(viewport)}`, () => {
    for (const screen of screens) {
      it(`${screen.name}: no sideways page scroll, every tool in view`, async () => {
        const { page, context, pageErrors } = await openPage(browser, viewport, screen.path, stubApi(answers));
        try {
          await screen.ready(page).first().waitFor({ timeout: 15_000 });
          const { scrollWidth, innerWidth, outside } = await layout(page);
          await shot(page, `stock-${screen.name}-${sizeName(viewport)}`);
          assert.ok(scrollWidth <= innerWidth, `the page scrolls sideways (${scrollWidth} > ${innerWidth})`);
          assert.deepEqual(outside, []);
          assert.deepEqual(pageErrors, []);
        } finally {
          await context.close();
        }
      });
    }
  });
}
