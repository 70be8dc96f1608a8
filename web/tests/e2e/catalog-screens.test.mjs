// End-to-end with a STUBBED API (Playwright answers /api/v1 itself, as in screens.test.mjs): issue
// 4's catalogue screens (categories, products, the add forms, custom product, loyalty rate) as
// Chromium renders them, on desktop and tablet, with a screenshot of each into test-results/.
// Serve the built app first (see support.mjs: POS_E2E_URL).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { failed, ok, stubApi } from './stub-api.mjs';
import { launchBrowser, openPage, shot, viewports } from './support.mjs';

const shop = {
  _id: 'shop-1',
  shopName: 'Corner Grocery',
  email: 'owner@corner.example',
  phoneNumber: '7712345',
  countryName: 'Maldives',
  currencyCode: 'MVR',
  timeZone: 'Indian/Maldives',
};
const everything = [
  'product_create', 'product_read', 'product_update', 'product_delete',
  'category_create', 'category_read', 'category_update', 'category_delete',
];
const admin = {
  _id: 'user-1',
  staffId: 'S000001',
  userName: 'Aisha',
  email: 'aisha@corner.example',
  phoneNumber: '7712345',
  role: 'admin',
  permissions: everything,
  shopId: 'shop-1',
  shopName: 'Corner Grocery',
  currencyCode: 'MVR',
};
const staff = (permissions) => ({ ...admin, _id: 'user-2', staffId: 'S000002', userName: 'Ben', role: 'staff', permissions });

const at = 1_750_000_000_000;
const category = (id, categoryName, description, discountRate, productCount) => ({
  _id: id, categoryName, description, discountRate, productCount, createdAt: at, updatedAt: at,
});
const categories = [
  category('cat-1', 'Drinks', 'Cold and hot drinks, juices and water', 5, 2),
  category('cat-2', 'Grains', 'Rice and flour', 0, 1),
  category('cat-3', 'Household cleaning supplies and laundry', 'Detergents, soaps, brushes, sponges and everything else for a clean home', 12.5, 1),
  category('cat-4', 'Snacks', '', 0, 16),
  ...['Bakery', 'Dairy', 'Frozen food', 'Fruit', 'Vegetables', 'Fish', 'Meat', 'Spices', 'Baby care', 'Stationery', 'Toys', 'Pet food'].map(
    (name, index) => category(`cat-${index + 10}`, name, `Everything ${name.toLowerCase()}`, index % 3 === 0 ? 2.5 : 0, index),
  ),
];
const product = (id, productName, extra) => ({
  _id: `prod-${id}`,
  product_id: `P-00000${id}`,
  barcodeNumber: `890123${id}`,
  productName,
  category: { _id: 'cat-1', categoryName: 'Drinks' },
  quantity: 24,
  unit: 'no',
  costPrice: 6,
  costPriceProfit: 25,
  sellingPrice: 9.5,
  discount: 10,
  discountType: 'percentage',
  productTax: 8,
  loyaltyRate: 1.5,
  price: 9.5,
  createdAt: at,
  updatedAt: at,
  ...extra,
});
const products = [
  product(1, 'Cola 330ml'),
  product(2, 'Rice 5kg', {
    barcodeNumber: '', category: { _id: 'cat-2', categoryName: 'Grains' }, quantity: 12.5, unit: 'kg', costPrice: 1234.5,
    costPriceProfit: 20, sellingPrice: 0, discount: 5, discountType: 'flat', productTax: 0, loyaltyRate: 0, price: 1481.4,
  }),
  product(3, 'Laundry detergent, concentrated, lavender scent, family size 5 litre bottle', {
    barcodeNumber: '5012345678900', category: { _id: 'cat-3', categoryName: 'Household cleaning supplies and laundry' },
    quantity: 3, costPrice: 189.75, sellingPrice: 249, discount: 0, price: 249,
  }),
  product(4, 'Water 1.5l', { quantity: 120, costPrice: 3, sellingPrice: 5, discount: 0, price: 5 }),
  // Enough more for the table to scroll.
  ...Array.from({ length: 16 }, (_, index) =>
    product(index + 10, `Biscuits, pack ${index + 1}`, {
      product_id: `P-0000${index + 10}`, category: { _id: 'cat-4', categoryName: 'Snacks' }, quantity: index * 7, costPrice: 2.25,
      sellingPrice: 3.75, discount: 0, price: 3.75,
    }),
  ),
];



const adminSession = { 'GET /admin/check-logged': ok(admin), 'GET /shop/check-login': ok(shop) };
const staffSession = (permissions) => ({ 'GET /staff/check-logged': ok(staff(permissions)), 'GET /shop/check-login': ok(shop) });

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens `path` with the stubbed API; `check(page, requests)` sees every API request made. */
async function visit(viewport, path, answers, check) {
  const requests = [];
  const { page, context, pageErrors } = await openPage(browser, viewport, path, async (page) => {
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) {
        requests.push({ key: `${request.method()} ${new URL(request.url()).pathname.replace('/api/v1', '')}`, body: request.postData() });
      }
    });
    await stubApi(answers)(page);
  });
  try {
    await check(page, requests);
    assert.deepEqual(pageErrors, []);
    // Wide tables scroll inside their own region: the page itself never scrolls sideways.
    const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the window`);
  } finally {
    await context.close();
  }
}

const sent = (requests, key) => requests.filter((request) => request.key === key).map((request) => JSON.parse(request.body ?? 'null'));

/** SPEC part 2: the table scrolls inside a fixed height rather than growing with its rows. */
async function assertScrollsInside(page, viewport) {
  const region = page.locator('.data-table');
  const box = await region.boundingBox();
  assert.ok(box.height <= viewport.height, `table region ${box.height}px is taller than the ${viewport.height}px viewport`);
  const overflows = await region.evaluate((element) => element.scrollHeight > element.clientHeight);
  assert.ok(overflows, 'expected more rows than the table shows at once');
}

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`categories on ${device}`, () => {
    it('admin: table, inline edit (Escape cancels, Enter saves), delete refused with the server’s 409', () =>
      visit(
        viewport,
        '/admin/category/view',
        {
          ...adminSession,
          'GET /categories': ok(categories),
          'PUT /categories/cat-2': ok({ ...categories[1], categoryName: 'Grains and pulses' }),
          'DELETE /categories/cat-1': failed(409, 'Category "Drinks" still has 2 products; move or delete them first'),
        },
        async (page, requests) => {
          await page.getByRole('cell', { name: 'Household cleaning supplies and laundry', exact: true }).waitFor();
          await assertScrollsInside(page, viewport);
          await shot(page, `catalog-categories-${device}`);

          await page.getByRole('button', { name: 'Edit Grains' }).click();
          await page.getByRole('textbox', { name: 'Category name' }).fill('Typo');
          await page.getByRole('textbox', { name: 'Category name' }).press('Escape');
          await page.getByRole('cell', { name: 'Grains', exact: true }).waitFor();
          assert.equal(sent(requests, 'PUT /categories/cat-2').length, 0);

          await page.getByRole('button', { name: 'Edit Grains' }).click();
          await page.getByRole('textbox', { name: 'Category name' }).fill('Grains and pulses');
          await shot(page, `catalog-categories-editing-${device}`);
          await page.getByRole('textbox', { name: 'Category name' }).press('Enter');
          await page.getByText('Category updated successfully!').waitFor();
          await page.getByRole('cell', { name: 'Grains and pulses', exact: true }).waitFor();
          assert.deepEqual(sent(requests, 'PUT /categories/cat-2'), [
            { categoryName: 'Grains and pulses', description: 'Rice and flour', discountRate: '0' },
          ]);

          await page.getByRole('button', { name: 'Delete Drinks' }).click();
          const dialog = page.getByRole('alertdialog', { name: 'Do you want to delete this category?' });
          await dialog.waitFor();
          await page.waitForTimeout(200);
          await shot(page, `catalog-categories-delete-${device}`);
          await dialog.getByRole('button', { name: 'Ok' }).click();
          await page.getByText('Category "Drinks" still has 2 products; move or delete them first').waitFor();
          await page.getByRole('cell', { name: 'Drinks', exact: true }).waitFor();
          await shot(page, `catalog-categories-delete-refused-${device}`);
        },
      ));

    it('staff who may only read: no Action column', () =>
      visit(viewport, '/staff/category/view', { ...staffSession(['category_read']), 'GET /categories': ok(categories) }, async (page) => {
        await page.getByRole('cell', { name: 'Snacks', exact: true }).waitFor();
        assert.equal(await page.getByRole('columnheader', { name: 'Action' }).count(), 0);
        assert.equal(await page.locator('tbody button').count(), 0);
        await shot(page, `catalog-categories-read-only-${device}`);
      }));

    it('add category: checks, then Enter adds it and empties the form', () =>
      visit(
        viewport,
        '/admin/add/category',
        { ...adminSession, 'POST /categories': ok({ ...categories[3], productCount: 0 }, 201) },
        async (page, requests) => {
          await page.getByRole('heading', { name: 'Add category' }).waitFor();
          assert.equal(await page.evaluate(() => globalThis.document.activeElement?.getAttribute('name')), 'categoryName');
          await page.getByLabel('Discount rate %').fill('120');
          await page.getByLabel('Discount rate %').press('Enter');
          await page.getByText('Category name is required').waitFor();
          await page.getByText('Discount rate must be between 0 and 100').waitFor();
          await shot(page, `catalog-add-category-errors-${device}`);
          await page.getByLabel('Category name').fill('Snacks');
          await page.getByLabel('Discount rate %').fill('0');
          await page.getByLabel('Discount rate %').press('Enter');
          await page.getByText('Category added successfully!').waitFor();
          await page.getByRole('status').filter({ hasText: 'Added the category Snacks.' }).waitFor();
          assert.equal(await page.getByLabel('Category name').inputValue(), '');
          assert.deepEqual(sent(requests, 'POST /categories'), [{ categoryName: 'Snacks', description: '', discountRate: '0' }]);
          await shot(page, `catalog-add-category-done-${device}`);
        },
      ));
  });

  describe(`products on ${device}`, () => {
    it('admin: every column, long names, inline edit with tax, delete confirmation', () =>
      visit(
        viewport,
        '/admin/product/view',
        {
          ...adminSession,
          'GET /product': ok(products),
          'GET /categories': ok(categories),
          'PUT /product/update/prod-1': ok({ ...products[0], quantity: 30, productTax: 12 }),
          'DELETE /product/delete/prod-4': ok(null),
        },
        async (page, requests) => {
          await page.getByRole('cell', { name: 'Water 1.5l', exact: true }).waitFor();
          await page.getByRole('cell', { name: '1,234.50', exact: true }).waitFor();
          await page.getByRole('columnheader', { name: 'Selling price (MVR)' }).waitFor();
          await assertScrollsInside(page, viewport);
          await shot(page, `catalog-products-${device}`);

          await page.getByRole('button', { name: 'Edit Cola 330ml' }).click();
          await page.getByRole('textbox', { name: 'Quantity' }).fill('30');
          await page.getByRole('textbox', { name: 'Product tax %' }).fill('12');
          await shot(page, `catalog-products-editing-${device}`);
          await page.getByRole('textbox', { name: 'Product tax %' }).press('Enter');
          await page.getByText('Product updated successfully!').waitFor();
          await page.getByRole('cell', { name: '12%', exact: true }).waitFor();
          assert.equal(sent(requests, 'PUT /product/update/prod-1')[0].productTax, '12');

          await page.getByRole('button', { name: 'Delete Water 1.5l' }).click();
          const dialog = page.getByRole('alertdialog', { name: 'Do you want to delete this product?' });
          await dialog.waitFor();
          await page.waitForTimeout(200);
          await shot(page, `catalog-products-delete-${device}`);
          await dialog.getByRole('button', { name: 'Ok' }).click();
          await page.getByText('Product deleted successfully!').waitFor();
          await page.getByRole('cell', { name: 'Water 1.5l', exact: true }).waitFor({ state: 'detached' });
        },
      ));

    it('staff without product_update sees no edit action', () =>
      visit(
        viewport,
        '/staff/product/view',
        { ...staffSession(['product_read', 'product_delete']), 'GET /product': ok(products) },
        async (page) => {
          await page.getByRole('cell', { name: 'Cola 330ml', exact: true }).waitFor();
          assert.equal(await page.getByRole('button', { name: /^Edit / }).count(), 0);
          assert.equal(await page.getByRole('button', { name: 'Delete Cola 330ml' }).count(), 1);
          await shot(page, `catalog-products-staff-no-edit-${device}`);
        },
      ));

    it('staff with product_update edits without tax and loyalty', () =>
      visit(
        viewport,
        '/staff/view/product',
        {
          ...staffSession(['product_read', 'product_update', 'category_read']),
          'GET /product': ok(products),
          'GET /categories': ok(categories),
        },
        async (page) => {
          await page.getByRole('button', { name: 'Edit Cola 330ml' }).click();
          await page.getByRole('combobox', { name: 'Category' }).waitFor();
          assert.equal(await page.getByRole('textbox', { name: 'Product tax %' }).count(), 0);
          assert.equal(await page.getByRole('textbox', { name: 'Loyalty rate %' }).count(), 0);
          await shot(page, `catalog-products-staff-editing-${device}`);
        },
      ));

    it('no products yet', () =>
      visit(viewport, '/admin/product/view', { ...adminSession, 'GET /product': ok([]), 'GET /categories': ok(categories) }, async (page) => {
        await page.getByText('No products yet. Add the first one.').waitFor();
        await shot(page, `catalog-products-empty-${device}`);
      }));

    it('add product (admin): a scanner’s Enter in the barcode moves on, checks, then the product is added', () =>
      visit(
        viewport,
        '/admin/add/product',
        { ...adminSession, 'GET /categories': ok(categories), 'POST /product/create': ok(products[0], 201) },
        async (page, requests) => {
          await page.getByRole('heading', { name: 'Add product' }).waitFor();
          await page.locator('select[name="category"] option', { hasText: 'Grains' }).waitFor({ state: 'attached' });
          await shot(page, `catalog-add-product-${device}`);
          await page.getByLabel('Barcode').fill('8901231');
          await page.getByLabel('Barcode').press('Enter');
          assert.equal(await page.evaluate(() => globalThis.document.activeElement?.getAttribute('name')), 'category');
          assert.equal(sent(requests, 'POST /product/create').length, 0);
          await page.getByRole('button', { name: 'Add product' }).click();
          await page.getByText('Product name is required').waitFor();
          await page.getByText('Selling price or cost price must be greater than 0').waitFor();
          await shot(page, `catalog-add-product-errors-${device}`);

          await page.getByLabel('Product name').fill('Cola 330ml');
          await page.getByLabel('Category').selectOption('cat-1');
          await page.getByLabel('Quantity').fill('24');
          await page.getByLabel('Cost price (MVR)').fill('6');
          await page.getByLabel('Selling price (MVR)').fill('9.50');
          await page.getByLabel('Product tax %').fill('8');
          await page.getByLabel('Product tax %').press('Enter');
          await page.getByText('Product added successfully!').waitFor();
          await page.getByRole('status').filter({ hasText: 'Added Cola 330ml as P-000001.' }).waitFor();
          assert.deepEqual(sent(requests, 'POST /product/create'), [
            {
              productName: 'Cola 330ml', barcodeNumber: '8901231', category: 'cat-1', quantity: '24', unit: 'no', costPrice: '6',
              costPriceProfit: '0', sellingPrice: '9.50', discount: '0', discountType: 'percentage', productTax: '8', loyaltyRate: '0',
            },
          ]);
          await shot(page, `catalog-add-product-done-${device}`);
        },
      ));

    it('add product (staff): no tax or loyalty, the server’s 400 as the toast', () =>
      visit(
        viewport,
        '/staff/add/product',
        {
          ...staffSession(['product_create', 'category_read']),
          'GET /categories': ok(categories),
          'POST /product/create': failed(409, 'Barcode 8901231 is already used by "Cola 330ml"'),
        },
        async (page) => {
          await page.locator('select[name="category"] option', { hasText: 'Grains' }).waitFor({ state: 'attached' });
          assert.equal(await page.getByLabel('Product tax %').count(), 0);
          await page.getByLabel('Product name').fill('Cola can');
          await page.getByLabel('Barcode').fill('8901231');
          await page.getByLabel('Category').selectOption('cat-1');
          await page.getByLabel('Selling price (MVR)').fill('9.50');
          await page.getByRole('button', { name: 'Add product' }).click();
          await page.getByRole('alert').filter({ hasText: 'Barcode 8901231 is already used by "Cola 330ml"' }).waitFor();
          await shot(page, `catalog-add-product-staff-refused-${device}`);
        },
      ));

    it('add custom product', () =>
      visit(
        viewport,
        '/staff/add/custom/product',
        {
          ...staffSession(['product_create']),
          'POST /custom-product/create': ok(
            { _id: 'prod-9', product_id: 'P-000009', productName: 'Gift wrap', quantity: 1.5, unit: 'm', sellingPrice: 15, customProduct: true },
            201,
          ),
        },
        async (page) => {
          await page.getByRole('heading', { name: 'Add custom product' }).waitFor();
          await page.getByRole('button', { name: 'Add custom product' }).click();
          await page.getByText('Quantity is required').waitFor();
          await shot(page, `catalog-custom-product-errors-${device}`);
          await page.getByLabel('Product name').fill('Gift wrap');
          await page.getByLabel('Quantity').fill('1.5');
          await page.getByLabel('Unit').selectOption('m');
          await page.getByLabel('Selling price (MVR)').fill('15');
          await page.getByLabel('Selling price (MVR)').press('Enter');
          await page.getByText('Custom product added successfully').waitFor();
          await shot(page, `catalog-custom-product-done-${device}`);
        },
      ));
  });

  describe(`loyalty points on ${device}`, () => {
    it('one input and Submit; the count of products updated', () =>
      visit(
        viewport,
        '/admin/loyalty/points',
        { ...adminSession, 'PUT /loyalty/products': ok({ loyaltyRate: 2.5, updated: 42 }) },
        async (page, requests) => {
          await page.getByRole('heading', { name: 'Loyalty points' }).waitFor();
          await page.getByLabel('Loyalty rate %').fill('abc');
          await page.getByRole('button', { name: 'Submit' }).click();
          await page.getByText('Loyalty rate must be a number').waitFor();
          await shot(page, `catalog-loyalty-error-${device}`);
          await page.getByLabel('Loyalty rate %').fill('2.5');
          await page.getByLabel('Loyalty rate %').press('Enter');
          await page.getByRole('status').filter({ hasText: 'on 42 products' }).waitFor();
          assert.deepEqual(sent(requests, 'PUT /loyalty/products'), [{ loyaltyRate: '2.5' }]);
          await shot(page, `catalog-loyalty-done-${device}`);
        },
      ));
  });
}
