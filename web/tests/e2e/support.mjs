// Shared by the end-to-end tests: Debian's Chromium, a page that records uncaught errors, screenshots,
// and a check after every test that no page broke the server's Content Security Policy.
// Not a test file itself (node --test only runs *.test.mjs here).
/* global document, window */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';

const baseUrl = process.env.POS_E2E_URL;
if (!baseUrl) {
  throw new Error(
    'POS_E2E_URL is not set: serve web/dist (e.g. `npx vite preview --port 4173 --strictPort`) ' +
      'and run with POS_E2E_URL=http://127.0.0.1:4173',
  );
}

export const url = (path) => new URL(path, baseUrl).href;

export const viewports = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
};

const screenshots = new URL('../../test-results/', import.meta.url);

/** Violations reported by any page since the last test ended; each test must leave none. */
const policyViolations = [];

// A violation is a part of the app the policy stops (a script, a style, a fetch), which the
// app's own checks may not notice: each one fails the test it happened in.
afterEach(() => {
  assert.deepEqual(policyViolations.splice(0), [], 'Content Security Policy violations');
});

/**
 * Reports the Content Security Policy violations of every page of `context` (popups, reloads
 * and pages the service worker answers offline included) to the check after each test.
 */
export async function reportPolicyViolations(context) {
  await context.exposeBinding('__reportPolicyViolation', (_source, violation) => policyViolations.push(violation));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const blocked = event.blockedURI || 'inline';
      window.__reportPolicyViolation(
        `${window.location.pathname}: ${event.effectiveDirective} refused ${blocked} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** Debian's Chromium; every context it opens reports its pages' policy violations. */
export async function launchBrowser() {
  await mkdir(screenshots, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await reportPolicyViolations(context);
    return context;
  };
  return browser;
}

/**
 * A fresh context and page that records uncaught errors. `prepare(page)` runs before the first
 * navigation (e.g. to stub API routes); the page is returned once the app has rendered.
 */
export async function openPage(browser, viewport, path, prepare) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  if (prepare) await prepare(page);
  await page.goto(url(path));
  await page.locator('html[data-core="ready"]').waitFor({ timeout: 15_000 });
  return { page, context, pageErrors };
}

/**
 * Runs `navigate` (a reload, a goto) on `page` while its context is offline
 * (`context.setOffline(true)`) and answers its response. Debian's Chromium (148) keeps the
 * emulated offline network for a document loaded during it, but reports `navigator.onLine` true
 * there, which a device without a network never does; switching the emulation off and on again
 * gives the new document the `offline` event a real page gets when the network goes.
 */
export async function navigateOffline(page, navigate) {
  const response = await navigate();
  await page.context().setOffline(false);
  await page.context().setOffline(true);
  return response;
}

export const shot = (page, name) =>
  page.screenshot({ path: new URL(`${name}.png`, screenshots).pathname, fullPage: true });
