// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): the sign-in screens and the
// three areas as the browser renders them, on desktop and tablet, with a screenshot of each.
// The real server's flows are in identity-flows.test.mjs.
/* global document */
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
const admin = {
  _id: 'user-1',
  staffId: 'S000001',
  userName: 'Aisha',
  email: 'aisha@corner.example',
  phoneNumber: '7712345',
  role: 'admin',
  permissions: ['product_read', 'category_read', 'customer_read'],
  shopId: 'shop-1',
  shopName: 'Corner Grocery',
  currencyCode: 'MVR',
};
const staff = { ...admin, _id: 'user-2', staffId: 'S000002', userName: 'Ben', email: 'ben@corner.example', role: 'staff', permissions: [] };
const superAdmin = {
  ...admin,
  _id: 'user-0',
  staffId: null,
  userName: 'Root',
  email: 'root@tillwise.example',
  role: 'super-admin',
  permissions: [],
  shopId: null,
  shopName: null,
  currencyCode: null,
};

/** Opens the area menu and waits for its slide to finish, so the screenshot shows it settled. */
async function openMenu(page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  // A function, not a string: Playwright polls a string with the page's eval, which the
  // server's Content Security Policy refuses.
  await page.waitForFunction(() => document.querySelector('.area-sidebar')?.getBoundingClientRect().width >= 200);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
}

/** Answers "METHOD /path" from `answers` ({status, body}); anything else is a 401 "Please sign in". */

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

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`sign-in screens on ${device}`, () => {
    it('shop login', () =>
      visit(viewport, '/shop/login', {}, async (page) => {
        await page.getByRole('heading', { name: 'Shop Login' }).waitFor();
        assert.equal(await page.getByLabel('Email').getAttribute('autocomplete'), 'username');
        await shot(page, `shop-login-${device}`);
      }));

    it('shop home names the shop and offers both logins', () =>
      visit(viewport, '/shop', { 'GET /shop/check-login': ok(shop) }, async (page) => {
        await page.getByRole('heading', { name: 'Corner Grocery' }).waitFor();
        await page.getByRole('link', { name: 'Admin Login', exact: true }).waitFor();
        await page.getByRole('link', { name: 'Staff Login', exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Log out of the shop' }).count(), 1);
        await shot(page, `shop-home-${device}`);
      }));

    it('admin login, signed in to a shop, with a refused attempt', () =>
      visit(
        viewport,
        '/shop/admin/login',
        {
          'GET /shop/check-login': ok(shop),
          'POST /admin/login': { status: 401, body: { success: false, message: 'Invalid credentials' } },
        },
        async (page) => {
          await page.getByText('Signing in to').waitFor();
          await page.getByLabel('Mobile number').fill('7712345');
          await page.getByLabel('Password', { exact: true }).fill('wrong-password1');
          await page.getByLabel('Password', { exact: true }).press('Enter');
          await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
          await shot(page, `admin-login-refused-${device}`);
        },
      ));

    it('staff login without a shop session points to the shop login', () =>
      visit(viewport, '/shop/staff/login', {}, async (page) => {
        await page.getByText('This till is not signed in to a shop yet').waitFor();
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByText('Enter your staff ID.').waitFor();
        await shot(page, `staff-login-${device}`);
      }));

    it('forgot password, then "Mail Sent!"', () =>
      visit(viewport, '/shop/admin/reset/password/send/mail', { 'POST /password/reset-link': ok(null) }, async (page) => {
        await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
        await shot(page, `forgot-password-${device}`);
        await page.getByLabel('Email').fill('aisha@corner.example');
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await page.getByRole('heading', { name: 'Mail Sent!' }).waitFor();
        await shot(page, `mail-sent-${device}`);
      }));

    it('reset password goes to the super admin login after success', () =>
      visit(viewport, '/super/admin/reset/password/tok-1', { 'POST /password/reset/tok-1': ok(null) }, async (page) => {
        await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
        await page.getByLabel('New password', { exact: true }).fill('short');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.getByText('Password must be at least 8 characters long').waitFor();
        await shot(page, `reset-password-${device}`);
        await page.getByLabel('New password', { exact: true }).fill('longer123');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.waitForURL((current) => current.pathname === '/super/admin/login');
        await page.getByText('Password reset successfully').waitFor();
      }));
  });

  describe(`areas on ${device}`, () => {
    it('admin area: welcome panel, menu closed and open', () =>
      visit(viewport, '/admin', { 'GET /admin/check-logged': ok(admin), 'GET /shop/check-login': ok(shop) }, async (page) => {
        await page.getByRole('heading', { name: 'Welcome, Aisha' }).waitFor();
        await page.locator('.top-bar__shop-name', { hasText: 'Corner Grocery' }).waitFor();
        await shot(page, `admin-area-${device}`);
        await openMenu(page);
        await page.getByRole('navigation', { name: 'Admin menu' }).getByText('Dashboard').waitFor();
        await shot(page, `admin-area-menu-open-${device}`);
      }));

    // The staff's home is the till's cart (SPEC part 2): an empty catalogue and no open orders.
    it('staff area', () =>
      visit(
        viewport,
        '/staff',
        {
          'GET /staff/check-logged': ok(staff),
          'GET /shop/check-login': ok(shop),
          'GET /invoice/save/status-saved': ok([]),
        },
        async (page) => {
          await page.getByLabel('Customer phone').waitFor();
          // The till names who is signed in: beside Log out on a wide screen, in its label always.
          await page.getByRole('button', { name: 'Log out Ben' }).waitFor();
          await page.getByRole('link', { name: 'Open orders, 0 saved' }).waitFor();
          await shot(page, `staff-area-${device}`);
        },
      ));

    it('super admin area, and its logout back to the landing page', () =>
      visit(
        viewport,
        '/super/admin',
        { 'GET /super-admin/check-logged': ok(superAdmin), 'POST /super-admin/logout': ok(null) },
        async (page) => {
          await page.getByRole('heading', { name: 'Welcome, Root' }).waitFor();
          await openMenu(page);
          await shot(page, `super-admin-area-${device}`);
          await page.getByRole('button', { name: 'Log out', exact: true }).click();
          await page.waitForURL((current) => current.pathname === '/');
          await page.getByText('Logout success').waitFor();
        },
      ));
  });
}

// Issue 3's management screens: the super admin's shops and employees, the shop admin's staff.
const shops = [
  shop,
  { ...shop, _id: 'shop-2', shopName: 'Harbour Bakery', email: 'hello@harbour.example', phoneNumber: '7798765', countryName: 'Maldives', currencyCode: 'MVR' },
  { ...shop, _id: 'shop-3', shopName: 'Lagoon Pharmacy', email: 'desk@lagoon.example', phoneNumber: '7754321', countryName: 'Sri lanka', currencyCode: 'LKR' },
];
const person = (staffId, userName, role, extra = {}) => ({
  ...staff,
  _id: `user-${staffId}`,
  staffId,
  userName,
  role,
  email: `${userName.toLowerCase()}@corner.example`,
  phoneNumber: `77${staffId.slice(-5)}`,
  permissions: role === 'admin' ? ['product_create', 'product_read', 'product_update', 'product_delete'] : ['product_read', 'customer_read'],
  ...extra,
});
const people = [
  person('S000001', 'Aisha', 'admin'),
  person('S000002', 'Ben', 'staff'),
  person('S000003', 'Chen', 'staff', { email: 'chen.longer.address@corner.example' }),
  person('S000004', 'Dhiraj', 'staff'),
];
const ben = people[1];
const superAdminSession = { 'GET /super-admin/check-logged': ok(superAdmin), 'GET /super-admin/shops': ok(shops) };
const adminSession = { 'GET /admin/check-logged': ok(admin), 'GET /shop/check-login': ok(shop) };

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`super admin management on ${device}`, () => {
    it('shops: table, search, inline edit saved with Enter', () =>
      visit(
        viewport,
        '/super/admin/shops',
        { ...superAdminSession, 'PUT /super-admin/shops/shop-2': ok({ ...shops[1], shopName: 'Harbour Bakery Male' }) },
        async (page) => {
          await page.getByRole('cell', { name: 'Lagoon Pharmacy', exact: true }).waitFor();
          assert.equal(await page.locator('.shop-selector select').inputValue(), 'shop-1');
          await shot(page, `super-shops-${device}`);
          await page.getByRole('searchbox', { name: 'Search shops' }).fill('lkr');
          await page.getByRole('cell', { name: 'Lagoon Pharmacy', exact: true }).waitFor();
          assert.equal(await page.locator('tbody tr').count(), 1);
          await page.getByRole('button', { name: 'Clear search' }).click();
          await page.getByRole('button', { name: 'Edit Harbour Bakery' }).click();
          await page.getByRole('textbox', { name: 'Shop name' }).fill('Harbour Bakery Male');
          await shot(page, `super-shops-editing-${device}`);
          await page.getByRole('textbox', { name: 'Shop name' }).press('Enter');
          await page.getByText('Shop data updated successfully!').waitFor();
          await page.getByRole('cell', { name: 'Harbour Bakery Male', exact: true }).waitFor();
          // The bar's selector shows the new name too.
          await page.locator('.shop-selector option', { hasText: 'Harbour Bakery Male' }).waitFor({ state: 'attached' });
        },
      ));

    it('create shop: checks, then the created panel', () =>
      visit(
        viewport,
        '/super/admin/create/shop',
        { ...superAdminSession, 'POST /super-admin/shops': { status: 201, body: { success: true, message: 'ok', data: { ...shops[2], _id: 'shop-9', shopName: 'Reef Hardware' } } } },
        async (page) => {
          await page.getByRole('heading', { name: 'Create shop' }).waitFor();
          await shot(page, `super-create-shop-${device}`);
          await page.getByLabel('Email').fill('not-an-email');
          await page.getByRole('button', { name: 'Create shop' }).click();
          await page.getByText('Enter the shop name.').waitFor();
          await shot(page, `super-create-shop-errors-${device}`);
          await page.getByLabel('Shop name').fill('Reef Hardware');
          await page.getByLabel('Email').fill('reef@hardware.example');
          await page.getByLabel('Phone number').fill('7711223');
          await page.getByLabel('Country name').fill('Maldives');
          await page.getByLabel('Currency code').fill('mvr');
          assert.equal(await page.getByLabel('Currency code').inputValue(), 'MVR');
          await page.getByLabel('Password', { exact: true }).fill('harbour123');
          await page.getByRole('button', { name: 'Create shop' }).click();
          await page.getByRole('heading', { name: 'Reef Hardware is ready' }).waitFor();
          await page.getByText('Shop created successfully').waitFor();
          await shot(page, `super-create-shop-done-${device}`);
        },
      ));

    it('employees of the selected shop: table, delete confirmation', () =>
      visit(
        viewport,
        '/super/admin/staffs',
        { ...superAdminSession, 'GET /super-admin/employees': ok(people), 'DELETE /super-admin/employee/S000004/delete': ok(null) },
        async (page) => {
          await page.getByRole('cell', { name: 'Dhiraj', exact: true }).waitFor();
          await page.getByText('4 employees of Corner Grocery').waitFor();
          await shot(page, `super-employees-${device}`);
          await page.getByRole('button', { name: 'Delete Dhiraj' }).click();
          const dialog = page.getByRole('alertdialog', { name: 'Do you want to delete this staff?' });
          await dialog.waitFor();
          await page.waitForTimeout(200);
          await shot(page, `super-employees-delete-${device}`);
          await dialog.getByRole('button', { name: 'Ok' }).click();
          await page.getByText('Staff deleted successfully!').waitFor();
          await page.getByRole('cell', { name: 'Dhiraj', exact: true }).waitFor({ state: 'detached' });
        },
      ));

    it('create employee: password confirmation, then the new staff ID', () =>
      visit(
        viewport,
        '/super/admin/create/staff',
        { ...superAdminSession, 'POST /super-admin/employees': { status: 201, body: { success: true, message: 'ok', data: person('S000042', 'Farah', 'staff') } } },
        async (page) => {
          await page.getByRole('heading', { name: 'Create employee' }).waitFor();
          await page.locator('select[name="shopId"] option', { hasText: 'Lagoon Pharmacy' }).waitFor({ state: 'attached' });
          await page.getByLabel('Full name').fill('Farah');
          await page.getByLabel('Email').fill('farah@corner.example');
          await page.getByLabel('Mobile').fill('7742424');
          await page.getByLabel('Password', { exact: true }).fill('counter123');
          await page.getByLabel('Confirm password', { exact: true }).fill('counter124');
          await page.getByRole('button', { name: 'Create employee' }).click();
          await page.getByText('The passwords do not match.').waitFor();
          await shot(page, `super-create-employee-${device}`);
          await page.getByLabel('Confirm password', { exact: true }).fill('counter123');
          await page.getByRole('button', { name: 'Create employee' }).click();
          await page.getByText('S000042').waitFor();
          await page.getByText('Employee created successfully').waitFor();
          await shot(page, `super-create-employee-done-${device}`);
        },
      ));

    it('permissions: the grid, a switch flipped at once', () =>
      visit(
        viewport,
        '/super/admin/permissions/S000002',
        {
          ...superAdminSession,
          'GET /super-admin/staff/S000002': ok(ben),
          'PATCH /super-admin/staff/S000002/permissions': ok({ permissions: [...ben.permissions, 'category_read'] }),
        },
        async (page) => {
          await page.getByRole('switch', { name: 'Product read' }).waitFor();
          assert.equal(await page.getByRole('switch', { name: 'Product read' }).getAttribute('aria-checked'), 'true');
          await page.getByRole('switch', { name: 'Category read' }).click();
          assert.equal(await page.getByRole('switch', { name: 'Category read' }).getAttribute('aria-checked'), 'true');
          await page.getByText('Permission updated').waitFor();
          await shot(page, `super-permissions-${device}`);
        },
      ));

    it('shop and employee password resets', async () => {
      await visit(viewport, '/super/admin/shop/reset/password/shop-2', { ...superAdminSession, 'PATCH /super-admin/shops/shop-2': ok(null) }, async (page) => {
        await page.locator('.screen__description strong', { hasText: 'Harbour Bakery' }).waitFor();
        await page.getByLabel('New password', { exact: true }).fill('short');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.getByText('Password must be at least 8 characters long').waitFor();
        await shot(page, `super-shop-reset-${device}`);
        await page.getByLabel('New password', { exact: true }).fill('longer123');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.waitForURL((current) => current.pathname === '/super/admin/shops');
        await page.getByText('Password reset successfully').waitFor();
      });
      await visit(viewport, '/super/admin/employee/reset/password/S000002', superAdminSession, async (page) => {
        await page.getByRole('heading', { name: 'Reset employee password' }).waitFor();
        await shot(page, `super-employee-reset-${device}`);
      });
    });
  });

  describe(`admin staff management on ${device}`, () => {
    it('add staff: SPEC part 5 messages inline, the request sent, the server’s answer shown', () =>
      visit(viewport, '/admin/staff/signup', { ...adminSession, 'POST /admin/create-employee': failed(400, 'Invalid name!') }, async (page) => {
        await page.getByRole('heading', { name: 'Add staff' }).waitFor();
        await page.getByLabel('Name').fill('Al');
        await page.getByLabel('Email').fill('al@corner');
        await page.getByLabel('Mobile').fill('77');
        await page.getByLabel('Password', { exact: true }).fill('password');
        await page.getByRole('button', { name: 'Add staff' }).click();
        await page.getByText('Invalid! email id!').waitFor();
        await page.getByRole('alert').filter({ hasText: 'Invalid name!' }).waitFor();
        await shot(page, `admin-staff-signup-${device}`);
      }));

    it('staff view: an admin row says Admin instead of its actions', () =>
      visit(viewport, '/admin/staff/view', { ...adminSession, 'GET /admin/staff/list': ok(people) }, async (page) => {
        await page.getByRole('cell', { name: 'Chen', exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Delete Aisha' }).count(), 0);
        assert.equal(await page.getByRole('button', { name: 'Delete Ben' }).count(), 1);
        await shot(page, `admin-staff-view-${device}`);
      }));

    it('permissions and password reset of a staff member', async () => {
      await visit(viewport, '/admin/permissions/S000002', { ...adminSession, 'GET /admin/staff/S000002/shop-1': ok(ben) }, async (page) => {
        await page.getByRole('switch', { name: 'Customer read' }).waitFor();
        await shot(page, `admin-permissions-${device}`);
      });
      await visit(viewport, '/admin/staff/reset/password/S000002', adminSession, async (page) => {
        await page.getByRole('heading', { name: 'Reset staff password' }).waitFor();
        await shot(page, `admin-staff-reset-${device}`);
      });
    });
  });
}
