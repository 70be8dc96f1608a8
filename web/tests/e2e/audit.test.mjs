// End-to-end against the REAL server (POS_DEMO=1, a throwaway database): the demo admin clears
// a cart on the till, opens the Audit Trail from the admin menu, finds the row naming them, the
// invoice and the lines that left the cart, narrows the list to that event and downloads the
// CSV, whose rows are the ones on screen (docs/api-audit.md). The screen is photographed at the
// three sizes the back office is used at.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { adminSignIn, atPath, openFromMenu, runFlow, tillAnswer, toast } from './demo-shop.mjs';
import { launchBrowser, shot, url } from './support.mjs';

// The demo catalogue and customers (server/src/setup/demo_content.rs).
const aisha = { name: 'Aisha Ali', phone: '7771234' };
const cheddar = 'Cheddar Cheese 200g';
const superAdmin = {
  phone: process.env.POS_E2E_SUPER_ADMIN_PHONE ?? '7000000',
  password: process.env.POS_E2E_SUPER_ADMIN_PASSWORD ?? 'super1234',
};

const sizes = [
  ['1024x768', { width: 1024, height: 768 }],
  ['768x1024', { width: 768, height: 1024 }],
  ['1440x900', { width: 1440, height: 900 }],
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('the audit trail', () => {
  it('shows the admin clearing a cart, and downloads it as CSV', () =>
    runFlow(browser, 'audit', 'cart-cleared', async (page) => {
      await adminSignIn(page);
      await openFromMenu(page, 'Admin menu', 'Cart', '/admin/cart');

      const created = tillAnswer(page);
      await page.getByLabel('Customer phone').fill(aisha.phone);
      await toast(page, 'Invoice created').waitFor();
      const invoiceNumber = (await created).invoice.invoiceNumber;
      const withLine = tillAnswer(page, { body: (sent) => sent.lines.length === 1 });
      const tile = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${cheddar}`) });
      await tile.click();
      assert.equal((await withLine).status, 200);
      const cleared = tillAnswer(page, { body: (sent) => sent.lines.length === 0 });
      await page.getByRole('button', { name: 'Clear cart' }).click();
      assert.equal((await cleared).status, 200, 'the cleared cart reached the server');

      await openFromMenu(page, 'Admin menu', 'Audit Trail', '/admin/audit');
      const table = page.getByRole('region', { name: 'Audit trail' });
      const row = table.getByRole('row').filter({ hasText: `invoice ${invoiceNumber}` }).filter({ hasText: 'Cart cleared' });
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      assert.ok(cells[1].trim().length > 1, `who: ${cells[1]}`);
      assert.match(cells[4], new RegExp(`^Cleared: 1 x ${cheddar} at \\d+\\.\\d{2} = \\d+\\.\\d{2}$`));

      // Only the carts cleared: the list asks the server again.
      await page.locator('.audit-events__summary').click();
      await page.getByRole('checkbox', { name: 'Cart cleared' }).check();
      await shot(page, 'audit-events-open');
      await page.locator('.audit-events__summary').click();
      await page.locator('.audit-events__summary', { hasText: 'Cart cleared' }).waitFor();
      await table.getByRole('row').filter({ hasText: 'Signed in' }).waitFor({ state: 'detached' });
      const shown = await table.locator('tbody tr').count();

      for (const [name, viewport] of sizes) {
        await page.setViewportSize(viewport);
        await row.waitFor();
        await shot(page, `audit-${name}`);
      }

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const download = await downloading;
      assert.match(download.suggestedFilename(), /^audit-.+-all\.csv$/);
      const text = await readFile(await download.path(), 'utf8');
      const lines = text.trimEnd().split('\n');
      assert.equal(lines[0], 'Time,Person,Person id,Event,Subject,Detail,Till');
      assert.equal(lines.length - 1, shown, 'the CSV holds the rows the filters give');
      assert.ok(
        lines.some((line) => line.includes(`cart-cleared,invoice ${invoiceNumber},Cleared: 1 x ${cheddar}`)),
        text,
      );
      await atPath(page, '/admin/audit');
    }));

  it('shows the super admin every shop’s rows with the shop named, after the admin’s', () =>
    runFlow(browser, 'audit', 'super-admin', async (page) => {
      await page.goto(url('/super/admin/login'));
      await page.getByLabel('Mobile number').fill(superAdmin.phone);
      await page.getByLabel('Password', { exact: true }).fill(superAdmin.password);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await atPath(page, '/super/admin');
      await openFromMenu(page, 'Super admin menu', 'Audit Trail', '/super/admin/audit');
      const table = page.getByRole('region', { name: 'Audit trail' });
      await table.getByRole('row').filter({ hasText: 'Cart cleared' }).first().waitFor();
      await page.getByLabel('Shop', { exact: true }).selectOption({ label: 'All shops' });
      await table.getByRole('columnheader', { name: 'Shop' }).waitFor();
      const row = table.getByRole('row').filter({ hasText: 'Cart cleared' }).first();
      await row.getByRole('cell', { name: 'Demo Mart' }).waitFor();
      for (const [name, viewport] of sizes) {
        await page.setViewportSize(viewport);
        await row.waitFor();
        await shot(page, `audit-super-admin-${name}`);
      }
    }));
});
