// End-to-end against the REAL server (scripts/lib/e2e.sh starts it with a throwaway database):
// the identity and management flows of issue 3, driven through the UI like a user. One browser
// context per flow; the flows build on each other (the shop and people flow 1 and 2 create are
// used by the later ones), so they run in order. Needs POS_E2E_SUPER_ADMIN_PHONE,
// POS_E2E_SUPER_ADMIN_PASSWORD and POS_E2E_OUTBOX (the server's POS_MAIL_OUTBOX), which
// scripts/test.sh sets; without them the file fails at once saying so (`npm run e2e:static` runs
// the files that need no server).
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, openPage, shot, url, viewports } from './support.mjs';

const superPhone = process.env.POS_E2E_SUPER_ADMIN_PHONE;
const superPassword = process.env.POS_E2E_SUPER_ADMIN_PASSWORD;
const outbox = process.env.POS_E2E_OUTBOX;
if (!superPhone || !superPassword || !outbox) {
  throw new Error(
    'identity-flows.test.mjs drives the real server: set POS_E2E_SUPER_ADMIN_PHONE, POS_E2E_SUPER_ADMIN_PASSWORD ' +
      'and POS_E2E_OUTBOX (bash scripts/test.sh does), or run `npm run e2e:static` for the other files.',
  );
}

// Unique per run: the database may be reused when run by hand.
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(-8);
const digits = String(Date.now()).slice(-6);
const shop = {
  name: `Flow Mart ${run}`,
  email: `shop-${run}@e2e.example`,
  phone: `7${digits}`,
  country: 'maldives',
  currency: 'mvr',
  password: 'shoppass1',
};
const admin = { name: `Adm${run}`, email: `admin-${run}@e2e.example`, phone: `7${digits.split('').reverse().join('')}`, password: 'adminpass1' };
const staff = { name: `Stf${run}`, email: `staff-${run}@e2e.example`, phone: '7123456', password: 'staffpass1', staffId: '' };
const newAdminPassword = 'renewed12';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const viewport = viewports.desktop;
const toast = (page, text) => page.locator('[data-sonner-toast]', { hasText: text }).first();
const atPath = (page, path) => page.waitForURL((current) => current.pathname === path, { timeout: 10_000 });
const menuLabels = (page, name) =>
  page.getByRole('navigation', { name }).locator('a .area-sidebar__label').allTextContents();

/** A flow in its own context: fails on uncaught page errors, screenshots where it stopped. */
async function flow(name, path, body) {
  const { page, context, pageErrors } = await openPage(browser, viewport, path);
  page.setDefaultTimeout(10_000);
  try {
    await body(page);
    assert.deepEqual(pageErrors, []);
  } catch (error) {
    await shot(page, `flow-${name}-failed`).catch(() => {});
    throw error;
  } finally {
    await context.close();
  }
}

async function shopSignIn(page) {
  await page.goto(url('/shop/login'));
  await page.getByRole('heading', { name: 'Shop Login' }).waitFor();
  await page.getByLabel('Email').fill(shop.email);
  await page.getByLabel('Password', { exact: true }).fill(shop.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/shop');
  await page.getByRole('heading', { name: shop.name }).waitFor();
  assert.equal((await page.locator('.top-bar__shop-name').textContent())?.trim(), shop.name);
}

async function adminSignIn(page, password) {
  await page.goto(url('/shop/admin/login'));
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByText(`Signing in to ${shop.name}`).waitFor();
  await page.getByLabel('Mobile number').fill(admin.phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/admin');
  await page.getByRole('heading', { name: `Welcome, ${admin.name}` }).waitFor();
}

/** Every .eml in the outbox addressed to `to`, newest first. */
async function mailsTo(to) {
  const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
  const mails = await Promise.all(
    names.map(async (name) => {
      const path = join(outbox, name);
      return { text: await readFile(path, 'utf8'), mtime: (await stat(path)).mtimeMs };
    }),
  );
  return mails
    .filter((mail) => new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(mail.text))
    .sort((a, b) => b.mtime - a.mtime);
}

/** Undoes quoted-printable (soft line breaks and =XX), harmless on a plain body. */
const decodeQuotedPrintable = (text) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

async function waitForResetLink(to) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [newest] = await mailsTo(to);
    if (newest) {
      const link = decodeQuotedPrintable(newest.text).match(/https?:\/\/\S+\/shop\/admin\/reset\/password\/[0-9A-Za-z_-]+/);
      assert.ok(link, `no reset link in the mail:\n${newest.text}`);
      return link[0];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('identity and management flows against the real server', () => {
  it('1. the super admin creates a shop and its admin, and sees both in the tables', () =>
    flow('1-super-admin', '/super/admin/login', async (page) => {
      await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();
      await page.getByLabel('Mobile number').fill(superPhone);
      await page.getByLabel('Password', { exact: true }).fill(superPassword);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await atPath(page, '/super/admin');
      await toast(page, 'Login success').waitFor();

      await page.getByRole('navigation', { name: 'Super admin menu' }).getByRole('link', { name: 'Create Shop' }).click();
      await atPath(page, '/super/admin/create/shop');
      await page.getByLabel('Shop name').fill(shop.name);
      await page.getByLabel('Email').fill(shop.email);
      await page.getByLabel('Phone number').fill(shop.phone);
      await page.getByLabel('Country name').fill(shop.country);
      await page.getByLabel('Currency code').fill(shop.currency);
      await page.getByLabel('Password', { exact: true }).fill(shop.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await toast(page, 'Shop created successfully').waitFor();
      await page.getByRole('heading', { name: `${shop.name} is ready` }).waitFor();
      // The server's normalisation, as the panel shows it.
      await page.getByText('MVR', { exact: true }).waitFor();
      await page.getByText('Maldives', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Add its first employee' }).click();
      await atPath(page, '/super/admin/create/staff');
      await page.getByLabel('Full name').fill(admin.name);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Mobile').fill(admin.phone);
      await page.getByLabel('Shop', { exact: true }).selectOption({ label: shop.name });
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByLabel('Confirm password').fill(admin.password);
      await page.getByRole('radio', { name: /^Admin/ }).check();
      await page.getByLabel('Confirm password').press('Enter');
      await toast(page, 'Employee created successfully').waitFor();
      await page.getByRole('heading', { name: `${admin.name} can sign in now` }).waitFor();
      const adminStaffId = (await page.locator('.created-panel__highlight-value').textContent())?.trim();
      assert.match(adminStaffId ?? '', /^S\d{6}$/);
      await page.locator('.created-panel__fact', { hasText: 'Role' }).getByText('Shop admin', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'View employees' }).click();
      await atPath(page, '/super/admin/staffs');
      const employees = page.getByRole('table', { name: `Employees of ${shop.name}` });
      const adminRow = employees.getByRole('row').filter({ hasText: admin.email });
      await adminRow.waitFor();
      assert.equal(await employees.locator('tbody tr').count(), 1);
      assert.deepEqual(
        (await adminRow.getByRole('cell').allTextContents()).slice(1, 6),
        [admin.name, adminStaffId, 'Admin', admin.email, admin.phone],
      );
      await shot(page, 'flow-1-employees');

      await page.getByRole('navigation', { name: 'Super admin menu' }).getByRole('link', { name: 'Shops' }).click();
      await atPath(page, '/super/admin/shops');
      const shopRow = page.getByRole('table', { name: 'Shops' }).getByRole('row').filter({ hasText: shop.email });
      await shopRow.waitFor();
      assert.deepEqual(
        (await shopRow.getByRole('cell').allTextContents()).slice(1, 6),
        [shop.name, shop.email, shop.phone, 'Maldives', 'MVR'],
      );
      await shot(page, 'flow-1-shops');
    }));

  it('2. the shop signs in, its admin adds a staff member and takes back one of its starting permissions', () =>
    flow('2-admin', '/', async (page) => {
      await shopSignIn(page);
      await shot(page, 'flow-2-shop-home');
      await page.getByRole('link', { name: 'Admin Login', exact: true }).click();
      await atPath(page, '/shop/admin/login');
      await adminSignIn(page, admin.password);
      assert.equal((await page.locator('.top-bar__shop-name').textContent())?.trim(), shop.name);

      await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Add Staff' }).click();
      await atPath(page, '/admin/staff/signup');
      await page.getByLabel('Name', { exact: true }).fill(staff.name);
      await page.getByLabel('Email').fill(staff.email);
      await page.getByLabel('Mobile').fill(staff.phone);
      await page.getByLabel('Password', { exact: true }).fill(staff.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await toast(page, 'Signup success!').waitFor();
      await page.getByRole('heading', { name: `${staff.name} can sign in now` }).waitFor();
      staff.staffId = (await page.locator('.created-panel__highlight-value').textContent())?.trim() ?? '';
      assert.match(staff.staffId, /^S\d{6}$/);

      await page.getByRole('link', { name: 'View staff' }).click();
      await atPath(page, '/admin/staff/view');
      const staffRow = page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: staff.staffId });
      await staffRow.waitFor();
      assert.deepEqual(
        (await staffRow.getByRole('cell').allTextContents()).slice(1, 6),
        [staff.name, staff.staffId, 'Staff', staff.email, staff.phone],
      );
      // The admin's own row is locked: no actions, just "Admin".
      const adminRow = page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: admin.email });
      await adminRow.locator('.table-note', { hasText: 'Admin' }).waitFor();
      assert.equal(await adminRow.getByRole('link', { name: `Permissions of ${admin.name}` }).count(), 0);

      await staffRow.getByRole('link', { name: `Permissions of ${staff.name}` }).click();
      await atPath(page, `/admin/permissions/${staff.staffId}`);
      const grid = page.getByRole('table', { name: `Permissions of ${staff.name}` });
      const switchOf = (name) => grid.getByRole('switch', { name, exact: true });
      const granted = () => grid.locator('[role="switch"][aria-checked="true"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
      await switchOf('Product read').waitFor();
      // New staff start with the reads the till needs to sell.
      assert.deepEqual((await granted()).sort(), ['Category read', 'Customer read', 'Product read']);
      await switchOf('Category read').click();
      assert.equal(await switchOf('Category read').getAttribute('aria-checked'), 'false', 'shown at once');
      await grid.locator('[role="switch"][aria-busy="true"]').first().waitFor({ state: 'detached' });
      await toast(page, 'Permission updated').waitFor();
      await shot(page, 'flow-2-permissions');

      // Saved on the server: a fresh load of the screen shows exactly the two left.
      await page.reload();
      await switchOf('Product read').waitFor();
      await page.getByText(`${staff.name} · ${staff.staffId} · Staff`).waitFor();
      assert.deepEqual((await granted()).sort(), ['Customer read', 'Product read']);
    }));

  it('3. the staff member signs in, sees only the staff menu, and logs out', () =>
    flow('3-staff', '/', async (page) => {
      assert.ok(staff.staffId, 'flow 2 created the staff member');
      await shopSignIn(page);
      await page.getByRole('link', { name: 'Staff Login', exact: true }).click();
      await atPath(page, '/shop/staff/login');
      await page.getByText(`Signing in to ${shop.name}`).waitFor();
      await page.getByLabel('Staff ID').fill(staff.staffId.toLowerCase());
      await page.getByLabel('Password', { exact: true }).fill(staff.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await atPath(page, '/staff');
      // The staff's landing page is the cart (SPEC part 6), under the staff menu.
      await page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link', { name: 'Cart' }).waitFor();
      assert.equal((await page.locator('.top-bar__shop-name').textContent())?.trim(), shop.name);

      // The session holds exactly what the admin granted (the UI shows no list of grants).
      const check = await (await page.request.get(url('/api/v1/staff/check-logged'))).json();
      assert.deepEqual(check.data.permissions, ['product_read', 'customer_read']);

      // Exactly the granted screens (read products, read customers), never an admin-only entry
      // nor one needing a create grant.
      const entries = await menuLabels(page, 'Staff menu');
      assert.deepEqual(entries, ['Cart', 'Open Orders', 'Products', 'Customers']);
      for (const adminOnly of ['Dashboard', 'Staff Management', 'Add Staff', 'Loyalty Points', 'Invoices', 'Custom Invoice']) {
        assert.equal(await page.getByRole('link', { name: adminOnly, exact: true }).count(), 0, adminOnly);
      }
      assert.equal(await page.getByRole('navigation', { name: 'Admin menu' }).count(), 0);
      await shot(page, 'flow-3-staff-area');

      // The admin area is not the staff's: its session check sends them to the admin login.
      await page.goto(url('/admin/staff/view'));
      await atPath(page, '/shop/admin/login');
      await toast(page, 'This needs an admin sign-in').waitFor();

      await page.goto(url('/staff'));
      await page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link', { name: 'Cart' }).waitFor();
      // The cart's own top bar has a Log out too (SPEC part 2); the area's is the one tested here.
      await page.locator('.area-sidebar').getByRole('button', { name: 'Log out', exact: true }).click();
      await toast(page, 'Logout success').waitFor();
      await atPath(page, '/');
      // Signed out on the server too.
      assert.equal((await page.request.get(url('/api/v1/staff/check-logged'))).status(), 401);
    }));

  it('4. the admin resets a forgotten password from the mailed link and signs in with it', () =>
    flow('4-forgot-password', '/', async (page) => {
      await shopSignIn(page);
      await page.goto(url('/shop/admin/login'));
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await atPath(page, '/shop/admin/reset/password/send/mail');
      const before = (await mailsTo(admin.email)).length;
      await page.getByLabel('Email').fill(admin.email.toUpperCase());
      await page.getByLabel('Email').press('Enter');
      await page.getByRole('heading', { name: 'Mail Sent!' }).waitFor();
      await toast(page, 'Email send successfully').waitFor();

      const link = await waitForResetLink(admin.email);
      assert.equal((await mailsTo(admin.email)).length, before + 1);
      assert.ok(link.startsWith(new URL(url('/')).origin), `the link points at this server: ${link}`);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill(newAdminPassword);
      await page.getByLabel('New password', { exact: true }).press('Enter');
      await atPath(page, '/shop/admin/login');
      await toast(page, 'Password reset successfully').waitFor();

      // The old password no longer works; the new one does.
      await page.getByLabel('Mobile number').fill(admin.phone);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
      await adminSignIn(page, newAdminPassword);
      await shot(page, 'flow-4-admin-signed-in');

      // The link is spent.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('another12');
      await page.getByLabel('New password', { exact: true }).press('Enter');
      await page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired' }).waitFor();
    }));

  it('5. without a session the areas send to their logins', () =>
    flow('5-no-session', '/admin', async (page) => {
      await atPath(page, '/shop/admin/login');
      await toast(page, 'Please sign in').waitFor();
      await page.getByText('This till is not signed in to a shop yet').waitFor();
      await shot(page, 'flow-5-admin-redirect');

      await page.goto(url('/staff'));
      await atPath(page, '/shop/staff/login');

      await page.goto(url('/super/admin/staffs'));
      await atPath(page, '/super/admin/login');
      await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();

      await page.goto(url('/super/admin'));
      await atPath(page, '/super/admin/login');
      await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();
    }));
});
