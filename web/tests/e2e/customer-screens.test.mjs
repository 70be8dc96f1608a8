// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): issue 4's customer screens
// and CSV uploads as Chromium renders them, on desktop and tablet, with a screenshot of each.
/* global document */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { failed, ok, stubApi, throughNetwork } from './stub-api.mjs';
import { launchBrowser, openPage, shot, url, viewports } from './support.mjs';

const shop = {
  _id: 'shop-1',
  shopName: 'Corner Grocery',
  email: 'owner@corner.example',
  phoneNumber: '7712345',
  countryName: 'Maldives',
  currencyCode: 'MVR',
  timeZone: 'Indian/Maldives',
};
const allCustomerGrants = ['customer_create', 'customer_read', 'customer_update', 'customer_delete'];
const admin = {
  _id: 'user-1',
  staffId: 'S000001',
  userName: 'Aisha',
  email: 'aisha@corner.example',
  phoneNumber: '7712345',
  role: 'admin',
  permissions: [...allCustomerGrants, 'product_create', 'category_create'],
  shopId: 'shop-1',
  shopName: 'Corner Grocery',
  currencyCode: 'MVR',
};
const staff = { ...admin, _id: 'user-2', staffId: 'S000002', userName: 'Ben', email: 'ben@corner.example', role: 'staff', permissions: ['customer_read'] };

const customer = (id, customerName, phoneNumber, email, points) => ({
  _id: id,
  customerName,
  phoneNumber,
  email,
  loyalityPoint: points,
  pointAmount: points,
  createdAt: Date.UTC(2025, 0, 10),
  updatedAt: Date.UTC(2025, 0, 10),
});
const customers = [
  customer('c-1', 'Aisha Ali', '7771234', 'aisha@mail.example', 12.5),
  customer('c-2', 'Hassan Naseer', '7785555', '', 0),
  customer('c-3', 'Mariyam Zahir', '9601122', 'mariyam.zahir.long.address@reef.example', 1520.75),
  customer('c-4', 'Ibrahim Rasheed', '7790001', 'ibrahim@mail.example', 3),
  customer('c-5', 'Fathimath Shiuna', '7790002', '', 48.2),
];
const invoice = (n, day, status, paymentMethod, subTotal, totalDiscount, refundedAmount, staffName) => ({
  _id: `inv-${n}`,
  invoiceNumber: `INV-${String(n).padStart(6, '0')}`,
  createdAt: Date.UTC(2025, 2, day, 9, 15),
  status,
  paymentMethod,
  subTotal,
  totalDiscount,
  totalAmount: subTotal - totalDiscount,
  refundedAmount,
  staff: staffName,
});
const aishaWithInvoices = {
  ...customers[0],
  invoices: [
    invoice(42, 5, 'paid', 'internal-device', 250, 12.5, 0, 'Ben'),
    invoice(41, 3, 'refunded', 'cash', 1200.1, 0, 1200.1, 'Aisha'),
    invoice(37, 1, 'paid', 'digital', 89.9, 0, 0, 'Ben'),
    invoice(30, 1, 'saved', null, 15, 0, 0, 'Ben'),
  ],
};

const adminSession = { 'GET /admin/check-logged': ok(admin), 'GET /shop/check-login': ok(shop) };
const staffSession = { 'GET /staff/check-logged': ok(staff), 'GET /shop/check-login': ok(shop) };


/** An answer the test releases when it has looked at the waiting screen. */
function held(answer) {
  let release = () => {};
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  return { answer: () => gate.then(() => answer), release };
}

// A request Playwright answers never reports upload progress, so the progress bar is shown
// against `uploadServer`, reached with `throughNetwork`.

/**
 * A local server in front of the served app: it reads an upload's body as it arrives (the
 * browser, throttled, reports its progress) and answers with `uploadServer.answer` once the test
 * releases it; every other request is passed on to the app.
 */
const uploadServer = {
  server: null,
  base: '',
  /** Resolves with {status, body} when the test lets the server answer. */
  answer: null,
  start() {
    const app = new URL(url('/'));
    this.server = http.createServer((request, response) => {
      if (request.method === 'POST' && request.url?.startsWith('/api/v1/file/upload')) {
        request.resume();
        request.on('end', async () => {
          const { status, body } = await this.answer();
          response.writeHead(status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(body));
        });
        return;
      }
      const upstream = http.request(
        { host: app.hostname, port: app.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    });
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        this.base = `http://127.0.0.1:${this.server.address().port}`;
        resolve();
      });
    });
  },
};

/** Slows the page's uploads to `bytesPerSecond`, as a shop's slow uplink would. */
async function throttleUploads(page, bytesPerSecond) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

let browser;
before(async () => {
  browser = await launchBrowser();
  await uploadServer.start();
});
after(async () => {
  await browser?.close();
  uploadServer.server?.close();
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

/** Lets toasts and transitions settle so a screenshot shows the screen at rest. */
const settle = (page) => page.waitForTimeout(300);

const productsReport = {
  file: 'products.csv',
  rows: 40,
  added: 31,
  updated: 7,
  unchanged: 2,
  rejected: [],
  unknownColumns: ['colour'],
  ignoredColumns: [
    {
      column: 'product_id',
      note: "Another system's identifier: this shop numbers its own products and categories, and a row updates the record with its barcode or name",
    },
    { column: 'isActive', note: 'Every imported row is for sale: inactive rows are imported too, so remove them from the file to leave them out' },
    { column: 'Shop', note: 'Rows always go into the shop you are signed in to' },
  ],
};
const refusedReport = {
  ...productsReport,
  added: 0,
  updated: 0,
  unchanged: 0,
  rejected: [
    { line: 4, column: 'unit', message: 'Unit must be one of no, kg, lt, m' },
    { line: 4, column: 'quantity', message: 'Quantity must be 0 or more' },
    { line: 17, column: 'category', message: 'Category "Snacks" not found in this shop' },
    { line: 23, column: '', message: 'Barcode 8901234 appears twice in the file (lines 3 and 23)' },
  ],
};
const csvFile = (name, lines) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
const productsCsv = csvFile('products.csv', ['productName,category,sellingPrice', 'Rice,Groceries,12']);

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`customer screens on ${device}`, () => {
    it('customers: table with actions, inline edit, delete confirmation', () =>
      visit(
        viewport,
        '/admin/customer/view',
        {
          ...adminSession,
          'GET /customer': ok(customers),
          'PUT /customer/c-2': ok({ ...customers[1], email: 'hassan@mail.example' }),
          'DELETE /customer/c-4': ok(null),
        },
        async (page) => {
          await page.getByRole('link', { name: 'Invoices of Mariyam Zahir' }).waitFor();
          await page.getByRole('cell', { name: 'MVR 1,520.75', exact: true }).waitFor();
          await page.getByRole('columnheader', { name: 'Action' }).waitFor();
          await shot(page, `customers-${device}`);

          await page.getByRole('button', { name: 'Edit Hassan Naseer' }).click();
          assert.equal(await page.getByRole('textbox', { name: 'Phone' }).getAttribute('maxlength'), '7');
          await page.getByRole('textbox', { name: 'Email' }).fill('hassan@');
          await page.getByRole('textbox', { name: 'Email' }).press('Enter');
          await page.getByText('Invalid! email id!').waitFor();
          await shot(page, `customers-editing-${device}`);
          await page.getByRole('textbox', { name: 'Email' }).fill('hassan@mail.example');
          await page.getByRole('button', { name: 'Save Hassan Naseer' }).click();
          await page.getByText('Customer updated successfully!').waitFor();
          await page.getByRole('cell', { name: 'hassan@mail.example', exact: true }).waitFor();

          await page.getByRole('button', { name: 'Delete Ibrahim Rasheed' }).click();
          const dialog = page.getByRole('alertdialog', { name: 'Do you want to delete this customer?' });
          await dialog.waitFor();
          await settle(page);
          await shot(page, `customers-delete-${device}`);
          await dialog.getByRole('button', { name: 'Ok' }).click();
          await page.getByText('Customer deleted successfully!').waitFor();
          await page.getByRole('link', { name: 'Invoices of Ibrahim Rasheed' }).waitFor({ state: 'detached' });
        },
      ));

    it('customers for a staff member who may only read: no Action column, search', () =>
      visit(viewport, '/staff/customer/view', { ...staffSession, 'GET /customer': ok(customers) }, async (page) => {
        await page.getByRole('link', { name: 'Invoices of Aisha Ali' }).waitFor();
        assert.equal(await page.getByRole('columnheader', { name: 'Action' }).count(), 0);
        assert.equal(await page.getByRole('link', { name: 'Add customer' }).count(), 0);
        await page.getByRole('searchbox', { name: 'Search customers' }).fill('779');
        await page.getByRole('link', { name: 'Invoices of Hassan Naseer' }).waitFor({ state: 'detached' });
        assert.equal(await page.locator('tbody tr').count(), 2);
        await shot(page, `customers-staff-read-only-${device}`);
        await page.getByRole('link', { name: 'Invoices of Ibrahim Rasheed' }).waitFor();
      }));

    it('add customer: checks, the server’s refusal, then success', () => {
      let attempts = 0;
      return visit(
        viewport,
        '/admin/customer/add?phone=7785555',
        {
          ...adminSession,
          'POST /customer/create': () => {
            attempts += 1;
            return attempts === 1
              ? failed(409, 'A customer with phone number 7785555 already exists')
              : ok(customer('c-9', 'Hassan Naseer', '7785556', '', 0), 201);
          },
        },
        async (page) => {
          await page.getByRole('heading', { name: 'Add customer' }).waitFor();
          assert.equal(await page.getByLabel('Phone number').inputValue(), '7785555');
          assert.equal(await page.getByLabel('Phone number').getAttribute('inputmode'), 'numeric');
          await page.getByLabel('Email (optional)').fill('hassan@');
          await page.getByRole('button', { name: 'Add customer' }).click();
          await page.getByText('Customer name is required').waitFor();
          await page.getByText('Invalid! email id!').waitFor();
          await shot(page, `customer-add-errors-${device}`);
          await page.getByLabel('Customer name').fill('Hassan Naseer');
          await page.getByLabel('Email (optional)').fill('');
          await page.getByRole('button', { name: 'Add customer' }).click();
          await page.getByRole('alert').filter({ hasText: 'A customer with phone number 7785555 already exists' }).waitFor();
          await settle(page);
        await shot(page, `customer-add-refused-${device}`);
          await page.getByLabel('Phone number').fill('7785556');
          await page.getByRole('button', { name: 'Add customer' }).click();
          await page.getByRole('heading', { name: 'Hassan Naseer was added' }).waitFor();
          await page.getByText('Customer added successfully!').waitFor();
          await settle(page);
        await shot(page, `customer-add-done-${device}`);
        },
      );
    });

    it('one customer’s invoices, and a customer that is not there', async () => {
      await visit(viewport, '/admin/customer/view/invoice/c-1', { ...adminSession, 'GET /customer/c-1': ok(aishaWithInvoices) }, async (page) => {
        await page.getByRole('heading', { name: 'Aisha Ali', level: 1 }).waitFor();
        await page.getByRole('cell', { name: 'Mar 5, 2025, 2:15 PM', exact: true }).waitFor();
        await page.getByRole('cell', { name: 'Swipe', exact: true }).waitFor();
        await page.getByRole('cell', { name: 'Stripe', exact: true }).waitFor();
        await shot(page, `customer-invoices-${device}`);
      });
      await visit(
        viewport,
        '/staff/customer/view/invoice/c-2',
        { ...staffSession, 'GET /customer/c-2': ok({ ...customers[1], invoices: [] }) },
        async (page) => {
          await page.getByText('This customer has no invoices yet.').waitFor();
          await shot(page, `customer-invoices-empty-${device}`);
        },
      );
      await visit(
        viewport,
        '/admin/customer/view/invoice/c-404',
        { ...adminSession, 'GET /customer/c-404': failed(404, 'Customer not found') },
        async (page) => {
          await page.getByRole('heading', { name: 'Customer not found' }).waitFor();
          await shot(page, `customer-invoices-not-found-${device}`);
        },
      );
    });
  });

  describe(`CSV uploads on ${device}`, () => {
    it('products: a non-csv refused, the progress bar, then the report', () => {
      const upload = held(ok(productsReport));
      uploadServer.answer = upload.answer;
      const answers = { ...adminSession, 'POST /file/upload': throughNetwork };
      const path = `${uploadServer.base}/admin/upload/products/csv`;
      return visit(viewport, path, answers, async (page) => {
        await page.getByRole('heading', { name: 'Upload products' }).waitFor();
        await shot(page, `upload-products-${device}`);
        await page.getByLabel('CSV file').setInputFiles({ name: 'products.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
        await page.getByText('Only .csv files can be uploaded').waitFor();
        await shot(page, `upload-products-not-csv-${device}`);

        // About 1.2 MB at 256 kB/s: a few seconds of a bar that moves.
        await throttleUploads(page, 256 * 1024);
        const rows = Array.from({ length: 30_000 }, (_, index) => `Rice ${index},Groceries,12`);
        await page.getByLabel('CSV file').setInputFiles(csvFile('products.csv', ['productName,category,sellingPrice', ...rows]));
        await page.getByRole('button', { name: 'Upload' }).click();
        // A quarter sent: the bar shows how much (a function run in the page: Playwright polls a
        // string with the page's eval, which the server's Content Security Policy refuses).
        await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 25);
        await page.getByText('Uploading products.csv…').waitFor();
        await page.getByText(/^\d+%$/).waitFor();
        await shot(page, `upload-products-progress-${device}`);
        await page.getByText('Checking the rows of products.csv…').waitFor({ timeout: 20_000 });
        assert.equal(await page.getByRole('progressbar').count(), 1);
        await shot(page, `upload-products-checking-${device}`);
        upload.release();
        await page.getByRole('heading', { name: 'products.csv imported' }).waitFor();
        await page.getByText('File uploaded successfully').waitFor();
        await page.getByText('Rows always go into the shop you are signed in to').waitFor();
        assert.equal(await page.getByRole('progressbar').count(), 0);
        await settle(page);
        await shot(page, `upload-products-imported-${device}`);
      });
    });

    it('products: a refused import lists every rejected row', () =>
      visit(
        viewport,
        '/staff/upload/products/csv',
        { ...staffSession, 'POST /file/upload': failed(422, '3 of 40 rows have problems; nothing was imported', refusedReport) },
        async (page) => {
          await page.getByLabel('CSV file').setInputFiles(productsCsv);
          await page.getByRole('button', { name: 'Upload' }).click();
          await page.getByRole('heading', { name: '3 of 40 rows have problems; nothing was imported' }).waitFor();
          await page.getByRole('cell', { name: 'Category "Snacks" not found in this shop' }).waitFor();
          await page.getByText('These columns were ignored on purpose; nothing in them was read:').waitFor();
          assert.equal(await page.getByRole('region', { name: 'Rejected rows of products.csv' }).locator('tbody tr').count(), 4);
          await settle(page);
          await shot(page, `upload-products-refused-${device}`);
        },
      ));

    it('categories: the page and its sample file', () =>
      visit(viewport, '/admin/upload/categories/csv', adminSession, async (page) => {
        await page.getByRole('heading', { name: 'Upload categories' }).waitFor();
        await page.getByRole('button', { name: 'Upload' }).click();
        await page.getByText('Choose a .csv file to upload').waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download sample file' }).click(),
        ]);
        assert.equal(download.suggestedFilename(), 'sample-categories.csv');
        await shot(page, `upload-categories-${device}`);
      }));
  });
}
