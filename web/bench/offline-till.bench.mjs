// The offline till's benchmarks (docs/benchmarks.md "Offline till"), measured in headless
// Chromium against a real server whose demo shop holds the bench's products, 100,000 unless
// POS_BENCH_ROWS says otherwise (scripts/bench-offline.sh builds, seeds and starts it, then runs
// this with POS_BENCH_URL).
//
// 1. first catalogue sync into IndexedDB (the app's `till:catalog-sync` measure, empty database),
//    with its pages' transactions (`till:catalog-page`) and the snapshot (`till:catalog-snapshot`);
// 2. barcode lookup (`till:barcode-lookup`, scanning codes into the search box);
// 3. name search (`till:search`, typing names and words key by key);
// 4. cold start with the catalogue cached: a new page load until the phone box is enabled and
//    product tiles are shown (read from the page at each animation frame), and the in-memory
//    index the till then makes in idle time (`till:catalog-index`, waited for before the next);
// 5. 1,000 sales queued offline (a few rung up through the screens, exported, multiplied into a
//    queue file with fresh ids and refs, imported through "Import queue") until the outbox is empty
//    once the browser is online again (the till's queue keeps one payment per sale: the engine
//    leaves out the cart commands a later one replaces, features/offline/outbox-compaction.ts);
// 6. adding a line (`till:add-line`: a tap or scan until the new total is in the DOM).
//
// A measurement, not a test: it prints what it measured and fails only when a step does not work.
/* global document, indexedDB, MutationObserver, Element */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const base = process.env.POS_BENCH_URL;
if (!base) throw new Error('POS_BENCH_URL is not set: run scripts/bench-offline.sh');
const SALES = Number(process.env.POS_BENCH_SALES ?? 1000);
const ROWS = Number(process.env.POS_BENCH_ROWS ?? 100000);
const COLD_STARTS = Number(process.env.POS_BENCH_COLD_STARTS ?? 5);
const SEARCHES = Number(process.env.POS_BENCH_SEARCHES ?? 40);
const SCANS = Number(process.env.POS_BENCH_SCANS ?? 120);
const TEMPLATE_SALES = 5;
const LINES_BEFORE_CLEAR = 40;

const url = (path) => new URL(path, base).href;
const demo = { shopEmail: 'demo@tillwise.test', shopPassword: 'demomart1', adminPhone: '7000001', adminPassword: 'admin1234' };
const customer = { name: 'Aisha Ali', phone: '7771234' };

// The bench's products (scripts/bench-offline.sh, as scripts/bench-import.sh): number n is named
// "Product 0000nn, size n%9" with barcode 89 + n in 10 digits; n%4 != 0 is sold by the piece and
// n%500 from 300 up has at least 300 in stock, so the sales below never run a product out.
const productName = (n) => `Product ${String(n).padStart(6, '0')}`;
const barcode = (n) => `89${String(n).padStart(10, '0')}`;
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
function stockedProduct() {
  for (;;) {
    const n = 1 + Math.floor(random() * ROWS);
    if (n % 4 !== 0 && n % 500 >= 300) return n;
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(2));
const results = [];
function record(what, target, values, unit = 'ms') {
  const row = { what, target, n: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values), unit };
  results.push(row);
  console.log(`    ${what}: n=${row.n} p50=${ms(row.p50)} p99=${ms(row.p99)} max=${ms(row.max)} ${unit}`);
}

const step = (text) => console.log(`\n==> ${text}`);
const atPath = (page, path) => page.waitForURL((current) => current.pathname === path, { timeout: 30_000 });
const toast = (page, text) => page.locator('[data-sonner-toast]', { hasText: text }).first();
const searchBox = (page) => page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
const cartLineCount = (page) => page.evaluate(() => document.querySelectorAll('ol[aria-label="Products in the cart"] > li').length);
const syncPill = (page) => page.getByRole('button', { name: /^Sync status:/ });

/** The durations of the page's `till:<name>` measures, then forgets them. */
async function takeMeasures(page, name) {
  return page.evaluate((entry) => {
    const found = performance.getEntriesByName(entry).map((measure) => ({ duration: measure.duration, detail: measure.detail }));
    performance.clearMeasures(entry);
    return found;
  }, `till:${name}`);
}

async function signIn(page) {
  await page.goto(url('/shop/login'));
  await page.getByLabel('Email').fill(demo.shopEmail);
  await page.getByLabel('Password', { exact: true }).fill(demo.shopPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/shop');
  await page.goto(url('/shop/admin/login'));
  await page.getByLabel('Mobile number').fill(demo.adminPhone);
  await page.getByLabel('Password', { exact: true }).fill(demo.adminPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await atPath(page, '/admin');
}

/**
 * Reads one store of the shop's local database with IndexedDB itself, not the app: its row
 * count, or (`backoff`) how many of its rows wait to be sent again and the longest such wait.
 */
function readLocal(page, store, what = 'count') {
  return page.evaluate(async ([storeName, asked]) => {
    const names = (await indexedDB.databases()).map((info) => info.name).filter((name) => name?.startsWith('tillwise-'));
    if (names.length !== 1) throw new Error(`expected one till database, found ${names.join(', ')}`);
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(names[0]);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const objects = db.transaction(storeName).objectStore(storeName);
      const request = asked === 'count' ? objects.count() : objects.getAll();
      const result = await new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (asked === 'count') return result;
      const waits = result.map((row) => row.nextAttemptAt - Date.now()).filter((wait) => wait > 0);
      return { count: waits.length, longestMs: Math.max(0, ...waits) };
    } finally {
      db.close();
    }
  }, [store, what]);
}

const countLocal = (page, store) => readLocal(page, store);

/** How many products the catalogue snapshot's meta row counts (0: no snapshot). */
function snapshotCount(page) {
  return page.evaluate(async () => {
    const [info] = (await indexedDB.databases()).filter((candidate) => candidate.name?.startsWith('tillwise-'));
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(info.name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const request = db.transaction('catalogSnapshot').objectStore('catalogSnapshot').get([0, 0, 0]);
      const meta = await new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return meta?.count ?? 0;
    } finally {
      db.close();
    }
  });
}

/**
 * When no table fill is pending any more (`catalogFill` empty), looked at every half second while
 * the other steps run; a look that meets a page load is tried again. Answers Date.now() then.
 */
async function fillEnd(page) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const pending = await countLocal(page, 'catalogFill').catch(() => 1);
    if (pending === 0) return Date.now();
    if (Date.now() > deadline) throw new Error('the products table was not filled within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function chooseCustomer(page) {
  await page.getByLabel('Customer phone').fill(customer.phone);
  await page.locator('.cart-panel').getByText(customer.name).waitFor();
}

async function waitForLines(page, count) {
  await page.waitForFunction((want) => document.querySelectorAll('ol[aria-label="Products in the cart"] > li').length === want, count, {
    timeout: 15_000,
  });
}

async function clearCartIfFull(page) {
  if ((await cartLineCount(page)) < LINES_BEFORE_CLEAR) return;
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await waitForLines(page, 0);
  await takeMeasures(page, 'add-line');
}

/** Scans `n`'s barcode: the search box gets the code and Enter, as a scanner types it. */
async function scan(page, n) {
  const lines = await cartLineCount(page);
  await searchBox(page).fill(barcode(n));
  await searchBox(page).press('Enter');
  await waitForLines(page, lines + 1);
}

async function payCash(page) {
  const total = await page.locator('.cart-panel').getByLabel('Total', { exact: true }).textContent();
  await page.locator('.cart-panel').getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Total payable amount:/ });
  await dialog.waitFor();
  const whole = Number(total.replace(/[^0-9.]/g, '').split('.')[0]);
  await dialog.getByLabel('Received amount').fill(String(whole + 10));
  await dialog.getByRole('button', { name: 'Cash', exact: true }).click();
  await toast(page, 'Payment successful.').waitFor();
  const question = page.getByRole('dialog', { name: 'Proceed to print?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
}

/** The exported commands of the template sales, multiplied into `SALES` sales with new ids. */
function queueOfSales(exported) {
  const invoices = [];
  let current = null;
  for (const command of exported.commands) {
    const ref = command.path.split('/')[3];
    if (!current || current.ref !== ref) invoices.push((current = { ref, commands: [] }));
    current.commands.push(command);
  }
  // A payment starts the walk-in customer's empty cart, which the next page load leaves behind:
  // its createCart is queued too, but it is no sale.
  const sales = invoices.filter((invoice) => !invoice.commands.every((command) => command.kind === 'createCart'));
  if (sales.length !== TEMPLATE_SALES || !sales.every((sale) => sale.commands.at(-1).kind === 'payCash')) {
    throw new Error(`the exported queue is not ${TEMPLATE_SALES} paid sales: ${exported.commands.map((c) => c.kind).join(', ')}`);
  }
  const commands = sales.flatMap((sale) => sale.commands);
  for (let copy = TEMPLATE_SALES; copy < SALES; copy += 1) {
    const template = sales[copy % TEMPLATE_SALES];
    const ref = randomUUID();
    const device = (template.commands[0].body.invoice ?? template.commands[0].body).provisionalNumber.split('-')[0];
    const provisionalNumber = `${device}-${String(100000 + copy)}`;
    for (const command of template.commands) {
      const body = structuredClone(command.body);
      if (body.invoice) body.invoice.provisionalNumber = provisionalNumber;
      else body.provisionalNumber = provisionalNumber;
      commands.push({ ...command, id: randomUUID(), path: command.path.replace(template.ref, ref), body, attempts: 0 });
    }
  }
  // The queue to import, and how many commands of the walk-in carts stay in the outbox beside it.
  return { queue: { ...exported, commands }, leftOut: exported.commands.length - sales.reduce((sum, sale) => sum + sale.commands.length, 0) };
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  // What the page said went wrong, printed when a step fails.
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().startsWith('toast: ')) consoleErrors.push(message.text());
  });
  // Toasts are gone a few seconds after they show: each is said on the console as it comes.
  await context.addInitScript(() => {
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node instanceof Element && node.matches('[data-sonner-toast]')) console.info(`toast: ${node.textContent}`);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  page.setDefaultTimeout(30_000);
  try {
    step(`1. First catalogue sync of ${ROWS} products into an empty IndexedDB`);
    await signIn(page);
    await page.waitForFunction(() => performance.getEntriesByName('till:catalog-sync').length > 0, undefined, { timeout: 300_000, polling: 100 });
    const [sync] = await takeMeasures(page, 'catalog-sync');
    const pages = (await takeMeasures(page, 'catalog-page')).map((entry) => entry.duration);
    const snapshot = (await takeMeasures(page, 'catalog-snapshot')).map((entry) => entry.duration);
    const syncedAt = Date.now();
    // A first pull leaves the products table to be filled in the background (offline/catalog-fill.ts):
    // the till sells from the snapshot, whose meta row counts its products.
    const products = await snapshotCount(page);
    if (products < ROWS) throw new Error(`the local catalogue snapshot holds ${products} products after the first sync`);
    console.log(`    pulled ${JSON.stringify(sync.detail)}; local products: ${products} (table: ${await countLocal(page, 'products')})`);
    record('first catalogue sync', '<= 10 s', [sync.duration / 1000], 's');
    // Where its time goes: the pages' IndexedDB transactions (the next page is fetched meanwhile)
    // and the snapshot the screens read (offline/catalog-snapshot.ts).
    record(`  of which: storing its ${pages.length} pages`, '(reference)', [pages.reduce((sum, ms) => sum + ms, 0) / 1000], 's');
    if (snapshot.length > 0) record('  of which: writing the catalogue snapshot', '(reference)', [snapshot[0] / 1000], 's');
    const fillRowAt = results.length;
    const filling = fillEnd(page);
    filling.catch(() => undefined);
    await page.evaluate(() => navigator.serviceWorker.ready);

    step(`4. Cold start with the catalogue cached (${COLD_STARTS} new page loads)`);
    const starts = [];
    const reads = [];
    const indexing = [];
    for (let load = 0; load < COLD_STARTS; load += 1) {
      await page.goto(url('/admin/cart'), { waitUntil: 'commit' });
      const usable = await page.waitForFunction(
        () => {
          const phone = [...document.querySelectorAll('input')].find((input) => input.labels?.[0]?.textContent?.trim() === 'Customer phone');
          const tiles = document.querySelectorAll('ul[aria-label="Products"] .product-tile').length;
          return phone && !phone.disabled && tiles > 0 ? performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 60_000 },
      );
      starts.push((await usable.jsonValue()) / 1000);
      reads.push(...(await takeMeasures(page, 'catalog-read')).map((entry) => entry.duration));
      // The barcode map and search keys are made in idle slices once the grid is shown
      // (catalog-index.ts): their cost is recorded when the last slice is done.
      await page.waitForFunction(() => performance.getEntriesByName('till:catalog-index').length > 0, undefined, { timeout: 60_000, polling: 50 });
      indexing.push(...(await takeMeasures(page, 'catalog-index')).map((entry) => entry.duration));
      const viaSw = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
      if (!viaSw) throw new Error('the page was not served by the service worker');
    }
    record('till usable after a cold start', '<= 1.5 s', starts, 's');
    record('  of which: reading the local catalogue', '(reference)', reads);
    record('  then, in idle time: indexing it in memory', '(reference)', indexing);

    step(`3 and 6. Name search, then a tap on the one tile found (${SEARCHES} products)`);
    await chooseCustomer(page);
    await takeMeasures(page, 'search');
    await takeMeasures(page, 'add-line');
    const adds = [];
    const searches = [];
    for (let round = 0; round < SEARCHES; round += 1) {
      await clearCartIfFull(page);
      const n = stockedProduct();
      // Key by key, as a cashier types; a few broad words first (a ninth of the catalogue matches).
      await searchBox(page).fill('');
      await searchBox(page).pressSequentially(round % 4 === 0 ? `size ${round % 9}` : productName(n));
      if (round % 4 === 0) {
        await searchBox(page).fill('');
        await searchBox(page).pressSequentially(productName(n));
      }
      const tile = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${productName(n)},`) });
      const lines = await cartLineCount(page);
      await tile.click();
      await waitForLines(page, lines + 1);
      searches.push(...(await takeMeasures(page, 'search')).map((entry) => entry.duration));
      adds.push(...(await takeMeasures(page, 'add-line')).map((entry) => entry.duration));
    }
    record(`name search (first 40 of ${ROWS.toLocaleString('en-US')})`, 'p99 <= 30 ms', searches);

    step(`2 and 6. Scanning ${SCANS} barcodes`);
    const lookups = [];
    for (let round = 0; round < SCANS; round += 1) {
      await clearCartIfFull(page);
      await scan(page, stockedProduct());
      lookups.push(...(await takeMeasures(page, 'barcode-lookup')).map((entry) => entry.duration));
      adds.push(...(await takeMeasures(page, 'add-line')).map((entry) => entry.duration));
    }
    await takeMeasures(page, 'search');
    // The table fill ran meanwhile (each page load above resumed it): its wall time from the sync's end.
    const filledAt = await filling;
    const filled = await countLocal(page, 'products');
    if (filled < ROWS) throw new Error(`the products table holds ${filled} products once filled`);
    record('  then, in the background: the products table filled (wall time from the sync, during steps 4, 3 and 6)', '(reference)', [(filledAt - syncedAt) / 1000], 's');
    results.splice(fillRowAt, 0, results.pop());
    record('barcode lookup', 'p99 <= 5 ms', lookups);
    record('add a line: tap or scan to the new total in the DOM', 'p99 <= 16 ms', adds);
    if (lookups.length !== SCANS) throw new Error(`${lookups.length} barcode lookups measured for ${SCANS} scans`);

    step(`5. ${SALES} sales queued offline, then synced`);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await waitForLines(page, 0);
    await page.waitForFunction(() => /^Sync status: 0 unsynced/.test(document.querySelector('button[aria-label^="Sync status:"]')?.getAttribute('aria-label') ?? ''), undefined, {
      timeout: 60_000,
    });
    await context.setOffline(true);
    for (let sale = 0; sale < TEMPLATE_SALES; sale += 1) {
      await page.goto(url('/admin/cart'));
      await chooseCustomer(page);
      await scan(page, stockedProduct());
      await scan(page, stockedProduct());
      await payCash(page);
    }
    await page.goto(url('/admin/cart'));
    await syncPill(page).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export queue' }).click()]);
    const exported = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
    const { queue, leftOut } = queueOfSales(exported);
    await page.locator('input[aria-label="Queue file to import"]').setInputFiles({
      name: 'bench-queue.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(queue)),
    });
    await toast(page, 'Imported').waitFor({ timeout: 120_000 });
    const queued = await countLocal(page, 'outbox');
    const perSale = queue.commands.length / SALES;
    console.log(`    outbox: ${queued} commands for ${SALES} sales (${perSale} per sale as the till queued them: ${queue.commands.slice(0, perSale).map((c) => c.kind).join(', ')})`);
    if (queued !== queue.commands.length + leftOut) throw new Error(`the outbox holds ${queued} commands, the file ${queue.commands.length} and ${leftOut} of empty carts`);
    await takeMeasures(page, 'command');
    await takeMeasures(page, 'command-request');
    // Commands the till tried while offline wait out their backoff (retry-policy.ts); coming
    // back online must not leave the queue waiting for them (send-pass.ts).
    const backoff = await readLocal(page, 'outbox', 'backoff');
    console.log(`    backing off when the network returns: ${backoff.count} commands, the longest for ${(backoff.longestMs / 1000).toFixed(1)} s more`);
    // Answers that make the engine wait and send again (retry-policy.ts): a pass stops at one,
    // so each shows in the time below; counted so a slow run says why.
    const retried = [];
    const noteRetry = (what) => retried.push(what);
    const onResponse = (response) => {
      if (response.url().includes('/api/v1/till/') && (response.status() >= 500 || response.status() === 429 || response.status() === 401)) {
        noteRetry(`${response.status()} ${new URL(response.url()).pathname}`);
      }
    };
    const onRequestFailed = (request) => {
      if (request.url().includes('/api/v1/till/')) noteRetry(`no answer (${request.failure()?.errorText ?? 'failed'})`);
    };
    page.on('response', onResponse);
    page.on('requestfailed', onRequestFailed);
    const started = Date.now();
    await context.setOffline(false);
    await page.waitForFunction(
      () => /^Sync status: 0 unsynced, Synced/.test(document.querySelector('button[aria-label^="Sync status:"]')?.getAttribute('aria-label') ?? ''),
      undefined,
      { timeout: 600_000, polling: 50 },
    );
    const drained = (Date.now() - started) / 1000;
    page.off('response', onResponse);
    page.off('requestfailed', onRequestFailed);
    const retriedKinds = [...new Set(retried)].map((kind) => `${retried.filter((other) => other === kind).length} x ${kind}`);
    console.log(`    answers sent again: ${retried.length}${retried.length > 0 ? ` (${retriedKinds.join('; ')})` : ''}`);
    const pill = await syncPill(page).getAttribute('aria-label');
    if (/rejected/.test(pill) || (await countLocal(page, 'outbox')) !== 0) throw new Error(`not every command was accepted: ${pill}`);
    console.log(`    ${queued} commands sent in ${drained.toFixed(2)} s (${(queued / drained).toFixed(0)} commands/s); ${pill}`);
    record(`${SALES} queued sales synced once online`, '<= 10 s', [drained], 's');
    record('  one command, taken to deleted', '(reference)', (await takeMeasures(page, 'command')).map((entry) => entry.duration));
    record('  of which: its HTTP request', '(reference)', (await takeMeasures(page, 'command-request')).map((entry) => entry.duration));
    if (pageErrors.length > 0) throw new Error(`the page failed: ${pageErrors.map(String).join('\n')}`);
  } catch (error) {
    // Where it stopped, next to the browser tests' screenshots (git ignores the folder).
    await mkdir(new URL('../test-results/', import.meta.url), { recursive: true });
    const shot = new URL('../test-results/bench-offline-failed.png', import.meta.url).pathname;
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    console.error(`screenshot: ${shot}`);
    for (const text of consoleErrors.slice(-10)) console.error(`page console: ${text}`);
    const toasts = await page.locator('[data-sonner-toast]').allTextContents().catch(() => []);
    if (toasts.length > 0) console.error(`toasts: ${toasts.join(' | ')}`);
    throw error;
  } finally {
    await browser.close();
  }

  console.log('\n| what | target | n | p50 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  for (const row of results) {
    const unit = row.unit === 's' ? ' s' : ' ms';
    console.log(`| ${row.what} | ${row.target} | ${row.n} | ${ms(row.p50)}${unit} | **${ms(row.p99)}${unit}** | ${ms(row.max)}${unit} |`);
  }
}

await main();
