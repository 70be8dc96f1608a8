// End-to-end with a STUBBED API (Playwright answers /api/v1 itself): the sign-in screens and the
// three areas as the browser renders them, on desktop and tablet, with a screenshot of each.
// The real server's flows are covered separately once its routes exist.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
  await page.waitForFunction("document.querySelector('.area-sidebar')?.getBoundingClientRect().width >= 200");
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
}

/** Answers "METHOD /path" from `answers` ({status, body}); anything else is a 401 "Please sign in". */
function stubApi(answers) {
  return (page) =>
    page.route('**/api/v1/**', (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace('/api/v1', '');
      const answer = answers[`${request.method()} ${path}`] ?? { status: 401, body: { success: false, message: 'Please sign in' } };
      return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
    });
}
const ok = (data) => ({ status: 200, body: { success: true, message: 'ok', data } });

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

    it('staff area', () =>
      visit(viewport, '/staff', { 'GET /staff/check-logged': ok(staff), 'GET /shop/check-login': ok(shop) }, async (page) => {
        await page.getByRole('heading', { name: 'Welcome, Ben' }).waitFor();
        await shot(page, `staff-area-${device}`);
      }));

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
