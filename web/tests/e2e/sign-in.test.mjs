// End-to-end: the super admin's sign-in screen and its area's session check, against whatever
// serves /api (the real server, or nothing yet: any failed check must read as signed out).
// Run against a served web/dist: POS_E2E_URL=http://127.0.0.1:4173 npm run e2e
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, openPage, shot, viewports } from './support.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const [device, viewport] of Object.entries(viewports)) {
  describe(`super admin login on ${device} (${viewport.width}x${viewport.height})`, () => {
    it('takes a mobile number up to its longest form (+960 7771234567) and shows or hides the password', async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, '/super/admin/login');
      try {
        await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();
        const mobile = page.getByLabel('Mobile number');
        // 7 digits, or a country code and 10 digits: the phone keypad has the `+`.
        assert.equal(await mobile.getAttribute('maxlength'), '15');
        assert.equal(await mobile.getAttribute('inputmode'), 'tel');
        await mobile.fill('');
        await mobile.pressSequentially('+960 77123459999');
        assert.equal(await mobile.inputValue(), '+960 7712345999');

        const password = page.getByLabel('Password', { exact: true });
        await password.fill('secret123');
        assert.equal(await password.getAttribute('type'), 'password');
        const reveal = page.getByRole('button', { name: 'Show password' });
        await reveal.click();
        assert.equal(await password.getAttribute('type'), 'text');
        assert.equal(await reveal.getAttribute('aria-pressed'), 'true');
        await shot(page, `super-admin-login-${device}`);
        await reveal.click();
        assert.equal(await password.getAttribute('type'), 'password');

        const forgot = page.getByRole('link', { name: 'Forgot password?' });
        assert.equal(await forgot.getAttribute('href'), '/super/admin/reset/password/send/mail');
        assert.deepEqual(pageErrors, []);
      } finally {
        await context.close();
      }
    });
  });
}

describe('the super admin area, signed out', () => {
  it('sends /super/admin to its login when the session check fails', async () => {
    const { page, context, pageErrors } = await openPage(browser, viewports.tablet, '/super/admin');
    try {
      await page.waitForURL((current) => current.pathname === '/super/admin/login', { timeout: 10_000 });
      await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();
      // The failure is told, not silent: the server's message, or "Please sign in" without one.
      await page.locator('[data-sonner-toast]').first().waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
