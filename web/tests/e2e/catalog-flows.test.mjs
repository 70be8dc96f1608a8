// End-to-end against the REAL server (scripts/lib/e2e.sh starts it with POS_DEMO=1 and a
// throwaway database): issue 4's catalogue and customer flows on the demo shop, driven through
// the UI like a user. The flows run in order and build on each other (the category flow 1
// creates is the one flow 2's product and flow 3's CSV use).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, atPath, demo, openFromMenu, runFlow, toast } from './demo-shop.mjs';
import { launchBrowser, shot, url } from './support.mjs';

// Unique per run: the database may be reused when run by hand.
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(-6);
const category = `Snacks ${run}`;
const product = { name: `Crisps ${run}`, barcode: `99${String(Date.now()).slice(-10)}` };
const customer = { name: `Leave Me ${run}`, phone: `6${String(Date.now()).slice(-6)}` };

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const flow = (name, body) => runFlow(browser, 'catalog-flow', name, body);

describe('catalogue and customer flows against the real server', () => {
  it('1. the admin adds a category', () =>
    flow('1-category', async (page) => {
      await adminSignIn(page);
      await openFromMenu(page, 'Admin menu', 'Add Category', '/admin/add/category');
      await page.getByLabel('Category name').fill(category);
      await page.getByLabel('Description').fill('Crisps, nuts and chocolate');
      await page.getByLabel('Discount rate %').fill('5');
      await page.getByLabel('Discount rate %').press('Enter');
      await toast(page, 'Category added').waitFor();
      await openFromMenu(page, 'Admin menu', 'Categories', '/admin/category/view');
      const row = page.getByRole('row', { name: new RegExp(category) });
      await row.waitFor();
      assert.match(await row.textContent(), /Crisps, nuts and chocolate/);
      await shot(page, 'catalog-flow-categories');
    }));

  it('2. the admin adds a product in it, then edits its price inline', () =>
    flow('2-product', async (page) => {
      await adminSignIn(page);
      await openFromMenu(page, 'Admin menu', 'Add Product', '/admin/add/product');
      await page.getByLabel('Product name').fill(product.name);
      await page.getByLabel('Barcode').fill(product.barcode);
      // A scanner ends with Enter: it moves on, it does not submit the half-filled form.
      await page.getByLabel('Barcode').press('Enter');
      await page.getByLabel('Category').selectOption({ label: category });
      await page.getByLabel('Quantity').fill('24');
      await page.getByLabel(/^Selling price/).fill('12.50');
      await page.getByRole('button', { name: /Add product/ }).click();
      await toast(page, 'Product added').waitFor();

      await openFromMenu(page, 'Admin menu', 'Products', '/admin/product/view');
      await page.getByLabel('Search products').fill(product.barcode);
      const row = page.getByRole('row', { name: new RegExp(product.name) });
      await row.waitFor();
      assert.match(await row.textContent(), /12\.50/);
      await row.getByRole('button', { name: `Edit ${product.name}` }).click();
      const price = page.getByRole('textbox', { name: /Selling price/ });
      await price.fill('13.75');
      await page.getByRole('button', { name: /^Save/ }).click();
      await toast(page, 'Product updated').waitFor();
      await page.getByRole('row', { name: new RegExp(product.name) }).getByText('13.75').waitFor();
      await page.reload();
      await page.getByLabel('Search products').fill(product.barcode);
      await page.getByRole('row', { name: new RegExp(product.name) }).getByText('13.75').waitFor();
      await shot(page, 'catalog-flow-product-edited');
    }));

  it('3. a CSV with one bad row imports nothing and the report names the row', () =>
    flow('3-csv', async (page) => {
      await adminSignIn(page);
      await openFromMenu(page, 'Admin menu', 'Upload Products', '/admin/upload/products/csv');
      const csv = [
        'productName,category,sellingPrice,quantity,unit',
        `Peanuts ${run},${category},4.50,10,no`,
        `Cashews ${run},${category},abc,5,no`,
        `Almonds ${run},${category},9.25,3,no`,
      ].join('\r\n');
      await page.getByLabel('CSV file').setInputFiles({ name: 'snacks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Upload' }).click();
      const report = page.getByRole('region', { name: 'Upload report' });
      await report.waitFor();
      assert.match(await report.textContent(), /nothing was imported/);
      const rejected = report.getByRole('row', { name: /sellingPrice/ });
      await rejected.waitFor();
      assert.match(await rejected.textContent(), /^\s*3/);
      assert.match(await rejected.textContent(), /Selling price must be a number/);
      await shot(page, 'catalog-flow-csv-report');

      // Nothing was imported: the good rows are not in the catalogue either.
      await openFromMenu(page, 'Admin menu', 'Products', '/admin/product/view');
      await page.getByLabel('Search products').fill(`Peanuts ${run}`);
      await page.getByText('No product matches the search.').waitFor();
    }));

  it('4. the admin deletes a customer after confirming', () =>
    flow('4-customer', async (page) => {
      await adminSignIn(page);
      await openFromMenu(page, 'Admin menu', 'Add Customer', '/admin/customer/add');
      await page.getByLabel('Customer name').fill(customer.name);
      await page.getByLabel('Phone number').fill(customer.phone);
      await page.getByLabel('Phone number').press('Enter');
      await toast(page, 'Customer added successfully!').waitFor();
      await openFromMenu(page, 'Admin menu', 'Customers', '/admin/customer/view');
      const row = page.getByRole('row', { name: new RegExp(customer.name) });
      await row.getByRole('button', { name: `Delete ${customer.name}` }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('Do you want to delete this customer?').waitFor();
      // Cancel keeps the customer; Ok deletes it.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await row.waitFor();
      await row.getByRole('button', { name: `Delete ${customer.name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Ok' }).click();
      await toast(page, 'Customer deleted successfully!').waitFor();
      await page.reload();
      await page.getByRole('table', { name: 'Customers' }).waitFor();
      assert.equal(await page.getByRole('row', { name: new RegExp(customer.name) }).count(), 0);
    }));

  it('5. the demo staff member, without product_update, sees the products and their stock history but no edit action', () =>
    flow('5-staff', async (page) => {
      await adminSignIn(page);
      const staffList = await page.evaluate(async () => {
        const response = await fetch('/api/v1/admin/staff/list', { credentials: 'include' });
        return (await response.json()).data;
      });
      const staff = staffList.find((person) => person.role === 'staff' && person.userName === 'DemoStaff');
      assert.ok(staff, 'the demo staff member exists');
      assert.ok(!staff.permissions.includes('product_update'));

      await page.goto(url('/shop/staff/login'));
      await page.getByLabel('Staff ID').fill(staff.staffId);
      await page.getByLabel('Password', { exact: true }).fill(demo.staffPassword);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await atPath(page, '/staff');
      await openFromMenu(page, 'Staff menu', 'Products', '/staff/product/view');
      await page.getByLabel('Search products').fill(product.barcode);
      const row = page.getByRole('row', { name: new RegExp(product.name) });
      await row.waitFor();
      assert.equal(await row.getByRole('button', { name: /^Edit/ }).count(), 0);
      assert.equal(await row.getByRole('button', { name: /^Delete/ }).count(), 0);
      // Their one action: the product's stock history (reading a product is reading its stock).
      assert.equal(await row.getByRole('link', { name: `Stock history of ${product.name}` }).count(), 1);
      await shot(page, 'catalog-flow-staff-products');
    }));
});
