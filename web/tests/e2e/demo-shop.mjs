// The demo shop the real-server flows run on (scripts/lib/e2e.sh starts the server with
// POS_DEMO=1; the shop is seeded by server/src/setup/demo.rs), and the steps every flow takes:
// signing in the way a user does, finding toasts, going through the area menu, running a flow
// in its own browser context that fails on uncaught page errors and is photographed where it
// stopped, and following the till's commands (docs/api-till-sync.md) to the server's answers.
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

/** `at` makes a page address: the shared server's by default, or a test's own (own-server.mjs). */
export async function shopSignIn(page, at = url) {
  await page.goto(at('/shop/login'));
  await page.getByLabel('Email').fill(demo.shopEmail);
  await page.getByLabel('Password', { exact: true }).fill(demo.shopPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/shop');
}

export async function adminSignIn(page, at = url) {
  await shopSignIn(page, at);
  await page.goto(at('/shop/admin/login'));
  await page.getByLabel('Mobile number').fill(demo.adminPhone);
  await page.getByLabel('Password', { exact: true }).fill(demo.adminPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/admin');
}

/** The demo staff member's generated staff ID, from the staff list (the page holds an admin session). */
export async function demoStaffId(page) {
  const response = await page.request.get(url('/api/v1/admin/staff/list'));
  assert.equal(response.status(), 200);
  const staff = (await response.json()).data.find((person) => person.role === 'staff' && person.userName === 'DemoStaff');
  assert.ok(staff, 'the demo staff member exists');
  return staff.staffId;
}

/**
 * The staff member signs in and lands on the cart (the staff's home), once the till has its
 * local catalogue: the top bar says "Synced" only after the first pull of the products,
 * categories and customers, which the customer lookup and the tiles read.
 */
export async function staffSignIn(page, staffId) {
  await shopSignIn(page);
  await page.goto(url('/shop/staff/login'));
  await page.getByLabel('Staff ID').fill(staffId);
  await page.getByLabel('Password', { exact: true }).fill(demo.staffPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/staff');
  await page.getByLabel('Customer phone').waitFor();
  await page.getByRole('button', { name: /^Sync status: .*Synced / }).waitFor();
}

/**
 * The cart on screen is stored on the device: its panel is no longer busy writing (a line shows
 * at once and is stored a few milliseconds later), so a reload or a closed tab finds it.
 */
export const cartStored = (page) => page.locator('.cart-panel[aria-busy="true"]').waitFor({ state: 'detached' });

/** The till says every change it made has reached the server, and none was rejected. */
export const allSent = (page) => page.getByRole('button', { name: /^Sync status: 0 unsynced, Synced (?!.*rejected)/ }).waitFor();

/** An amount as written on a screen ("MVR 1,234.50", "MVR71.53") or by the API (71.5) in cents, without floats. */
export function cents(value) {
  const text = String(value).replace(/[^0-9.-]/g, '');
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const amount = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -amount : amount;
}

const TILL_INVOICE = /^\/api\/v1\/till\/invoices\/([0-9a-f-]{36})(\/payment|\/delete)?$/;

/**
 * The server's answer to the next till command about an invoice the sync engine sends:
 * `PUT /till/invoices/{ref}` (action ''), its `/payment` or `/delete` (POST). `ref` narrows it
 * to one invoice, `body` to a request body (parsed) it accepts. Start waiting BEFORE the action.
 * Resolves to `{ref, status, request, invoice}` (`invoice`: the answer's data).
 */
export async function tillAnswer(page, { action = '', ref, body } = {}) {
  const response = await page.waitForResponse((candidate) => {
    const match = TILL_INVOICE.exec(new URL(candidate.url()).pathname);
    if (!match || (match[2] ?? '') !== action || (ref && match[1] !== ref)) return false;
    const request = candidate.request();
    if (request.method() !== (action ? 'POST' : 'PUT')) return false;
    return !body || body(request.postDataJSON());
  });
  const [, answeredRef] = TILL_INVOICE.exec(new URL(response.url()).pathname);
  return {
    ref: answeredRef,
    status: response.status(),
    request: response.request().postDataJSON(),
    invoice: (await response.json()).data,
  };
}

/** The server's invoice by its id, read with the page's own session cookies. */
export async function serverInvoice(page, id) {
  const response = await page.request.get(url(`/api/v1/invoice/${encodeURIComponent(id)}`));
  assert.equal(response.status(), 200);
  return (await response.json()).data;
}

/** Goes to a screen through the area menu, as a user would. */
export async function openFromMenu(page, menu, label, path) {
  await page.getByRole('navigation', { name: menu }).getByRole('link', { name: label, exact: true }).click();
  await atPath(page, path);
}

/** The three screens a till is judged on: a landscape and a portrait tablet, and a desktop. */
export const tillSizes = {
  landscape: { width: 1024, height: 768 },
  portrait: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
};

/** A product tile is tapped: its line shows in the cart and is stored on the device. */
export async function addTileToCart(page, productName) {
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${productName}`) }).click();
  await page.getByRole('list', { name: 'Products in the cart' }).getByText(productName).waitFor();
  await cartStored(page);
}

/** `locator` is wholly inside a window of `viewport`, with no scroll. */
export async function insideWindow(locator, viewport, what) {
  const box = await locator.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `${what} is inside the window (${box?.y}+${box?.height} of ${viewport.height})`);
}
