// The demo shop the real-server flows run on (scripts/lib/e2e.sh starts the server with
// POS_DEMO=1; the shop is seeded by server/src/setup/demo.rs), and the steps every flow takes:
// signing in the way a user does, finding toasts, going through the area menu, and running a
// flow in its own browser context that fails on uncaught page errors and is photographed where
// it stopped.
import assert from 'node:assert/strict';
import { openPage, shot, url, viewports } from './support.mjs';

export const demo = {
  shopEmail: 'demo@tillwise.test',
  shopPassword: 'demomart1',
  adminPhone: '7000001',
  adminPassword: 'admin1234',
  staffPassword: 'staff1234',
};

export const toast = (page, text) => page.locator('[data-sonner-toast]', { hasText: text }).first();
export const atPath = (page, path) => page.waitForURL((current) => current.pathname === path, { timeout: 10_000 });

/**
 * Runs `body` on a fresh desktop page at /shop/login; on failure a screenshot named
 * `{prefix}-{name}-failed` shows where it stopped. `prepare` runs before the page opens
 * (e.g. an init script).
 */
export async function runFlow(browser, prefix, name, body, prepare) {
  const { page, context, pageErrors } = await openPage(browser, viewports.desktop, '/shop/login', prepare);
  page.setDefaultTimeout(10_000);
  try {
    await body(page);
    assert.deepEqual(pageErrors, []);
  } catch (error) {
    await shot(page, `${prefix}-${name}-failed`).catch(() => {});
    throw error;
  } finally {
    await context.close();
  }
}

export async function shopSignIn(page) {
  await page.goto(url('/shop/login'));
  await page.getByLabel('Email').fill(demo.shopEmail);
  await page.getByLabel('Password', { exact: true }).fill(demo.shopPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/shop');
}

export async function adminSignIn(page) {
  await shopSignIn(page);
  await page.goto(url('/shop/admin/login'));
  await page.getByLabel('Mobile number').fill(demo.adminPhone);
  await page.getByLabel('Password', { exact: true }).fill(demo.adminPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/admin');
}

/** Goes to a screen through the area menu, as a user would. */
export async function openFromMenu(page, menu, label, path) {
  await page.getByRole('navigation', { name: menu }).getByRole('link', { name: label, exact: true }).click();
  await atPath(page, path);
}
