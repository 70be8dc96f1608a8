// End-to-end against the REAL server (scripts/lib/e2e.sh starts it on the built app): the app is
// an installable PWA whose service worker precaches the shell, the lazily loaded chunks and the
// WASM core, so with no network it still starts, loads deep links and navigates (issue 7).
// Proof that nothing came from the network: the offline reload's response is the service
// worker's, and an API call fails as a network error.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { launchBrowser, navigateOffline, openPage, reportPolicyViolations, shot, url, viewports } from './support.mjs';

// support.mjs's flags (no background networking into the closed network), for the one test that
// needs its own browser with a profile on disk.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const networkStatus = (page) => page.locator('.top-bar [role="status"]');
const atPath = (page, path) => page.waitForURL((current) => current.pathname === path, { timeout: 10_000 });
const coreReady = (page) => page.locator('html[data-core="ready"]').waitFor({ timeout: 15_000 });

/** What the service worker's precache holds, as paths. */
const precachedPaths = (page) =>
  page.evaluate(async () => {
    const paths = [];
    for (const name of await globalThis.caches.keys()) {
      for (const request of await (await globalThis.caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

describe('installable app that starts with no network', () => {
  it('links a fetchable manifest with PNG icons; sw.js and the manifest are never cached', async () => {
    const { page, context, pageErrors } = await openPage(browser, viewports.desktop, '/shop/login');
    try {
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      assert.ok(href, 'index.html links a manifest');
      const response = await context.request.get(url(href));
      assert.equal(response.status(), 200);
      assert.equal(response.headers()['cache-control'], 'no-cache');
      const manifest = await response.json();
      assert.equal(manifest.name, 'Tillwise POS');
      assert.equal(manifest.short_name, 'Tillwise');
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.start_url, '/shop');
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
      assert.deepEqual(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const image = await context.request.get(url(icon.src));
        assert.equal(image.status(), 200, icon.src);
        assert.equal(image.headers()['content-type'], 'image/png', icon.src);
      }

      const sw = await context.request.get(url('/sw.js'));
      assert.equal(sw.status(), 200);
      assert.equal(sw.headers()['cache-control'], 'no-cache', 'a cached sw.js would hold back every update');

      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('is installable by Chromium\'s own rules (manifest, icons, service worker)', async () => {
    // A test context is incognito, where Chromium never installs: a profile on disk is needed.
    const profile = await mkdtemp(join(tmpdir(), 'pos-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: chromiumArgs,
      viewport: viewports.desktop,
    });
    try {
      await reportPolicyViolations(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(url('/shop/login'));
      await coreReady(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('starts, loads deep links and navigates offline once the service worker controls the page', async () => {
    const { page, context, pageErrors } = await openPage(browser, viewports.desktop, '/shop/login');
    page.setDefaultTimeout(10_000);
    try {
      // clientsClaim: the first install takes the open page; a reload proves it keeps it.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.reload();
      await coreReady(page);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');

      const precached = await precachedPaths(page);
      assert.ok(precached.includes('/index.html'), 'the app shell is precached');
      assert.ok(precached.filter((path) => path.endsWith('.wasm')).length >= 2, `both WASM cores: ${precached}`);
      assert.ok(precached.some((path) => /^\/assets\/dashboard-page-.*\.js$/.test(path)), 'the lazily loaded dashboard chunk');
      assert.ok(!precached.some((path) => path.startsWith('/api/')), 'no API answer is cached');

      // The navigation fallback leaves /api alone: the server answers it, not the cached shell.
      const api = await page.goto(url('/api/v1/health'));
      assert.equal(api.fromServiceWorker(), false);
      assert.match(api.headers()['content-type'], /json/);

      await page.goto(url('/shop/login'));
      await coreReady(page);
      await assert.doesNotReject(networkStatus(page).filter({ hasText: 'Online' }).waitFor());

      await context.setOffline(true);
      await networkStatus(page).filter({ hasText: 'Offline' }).waitFor();
      const reloaded = await navigateOffline(page, () => page.reload());
      assert.equal(reloaded.fromServiceWorker(), true, 'the offline reload is served by the service worker');
      await coreReady(page);
      await page.getByLabel('Email').waitFor();
      assert.equal(await networkStatus(page).textContent(), 'Offline');
      const apiOffline = await page.evaluate(() => fetch('/api/v1/health').then(() => 'answered', (error) => error.name));
      assert.equal(apiOffline, 'TypeError', 'an API call offline is a network error, never the cached shell');
      await shot(page, 'pwa-offline-shop-login');

      // Client-side navigation: Back to the welcome page, then its super admin link.
      await page.getByRole('link', { name: 'Back' }).click();
      await atPath(page, '/');
      await page.getByRole('link', { name: 'Super admin login' }).click();
      await atPath(page, '/super/admin/login');
      await page.getByLabel('Password', { exact: true }).waitFor();

      // A deep link typed in while offline: the navigation fallback serves the precached shell.
      const deepLink = await navigateOffline(page, () => page.goto(url('/shop/admin/login')));
      assert.equal(deepLink.fromServiceWorker(), true);
      await coreReady(page);
      await page.getByLabel('Mobile number').waitFor();
      assert.equal(await networkStatus(page).textContent(), 'Offline');
      await shot(page, 'pwa-offline-deep-link');

      await context.setOffline(false);
      await networkStatus(page).filter({ hasText: 'Online' }).waitFor();
      await shot(page, 'pwa-back-online');
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await shot(page, 'pwa-offline-failed').catch(() => {});
      throw error;
    } finally {
      await context.close();
    }
  });
});
