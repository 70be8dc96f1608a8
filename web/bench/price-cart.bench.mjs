// Prices the 200-line benchmark cart (core/benches/cart_200_lines.json, the same file the native
// criterion benchmark uses) through the WebAssembly build:
//   compute alone  - benchmarkPriceCart converts the cart once, then prices it N times inside WASM;
//   end to end     - pricing a JS cart object into a JS priced-cart object exactly as the app's
//                    facade (src/lib/core.ts, callWithJson) does: JSON bytes in, JSON text out;
//   one change     - the till's path (src/lib/core.ts priceCartChange, through src/lib/cart-session.ts
//                    compiled here from its TypeScript): each cart differs from the one priced
//                    before it by one line's quantity, as after a tap; JS objects in and out;
//   no change      - the same path on the same cart again (a second pricing of one tap);
//   first pricing  - the same path on a cart it has never seen (every line crosses as JSON).
// Run: npm run bench (after scripts/build-wasm.sh). Prints median and p95 per cart over rounds.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import ts from 'typescript';
import init, { CartSession as GlueSession, benchmarkPriceCart, priceCart } from '../src/wasm-core/pos_core_wasm.js';

// The app's own session code, compiled from TypeScript (it imports nothing).
const sessionSource = readFileSync(new URL('../src/lib/cart-session.ts', import.meta.url), 'utf8');
const sessionJs = ts.transpileModule(sessionSource, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
const { CartSession } = await import(`data:text/javascript;base64,${Buffer.from(sessionJs).toString('base64')}`);

const cart = JSON.parse(readFileSync(new URL('../../core/benches/cart_200_lines.json', import.meta.url), 'utf8'));
await init({ module_or_path: readFileSync(new URL('../src/wasm-core/pos_core_wasm_bg.wasm', import.meta.url)) });

const ROUNDS = 30;
const PER_ROUND = 200;

/** Microseconds per cart for each round of `PER_ROUND` carts. */
function measure(priceMany) {
  priceMany(PER_ROUND * 5); // warm-up: let the engine tier up the module
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    priceMany(PER_ROUND);
    rounds.push(((performance.now() - started) * 1000) / PER_ROUND);
  }
  rounds.sort((a, b) => a - b);
  return { median: rounds[Math.floor(ROUNDS / 2)], p95: rounds[Math.ceil(ROUNDS * 0.95) - 1] };
}

const encoder = new TextEncoder();
// The facade's conversion (src/lib/core.ts, callWithJson), repeated here because Node runs this
// file without a TypeScript build.
const priceCartObject = (input) => JSON.parse(priceCart(encoder.encode(JSON.stringify(input))));

const cartJson = encoder.encode(JSON.stringify(cart));
const expectedTotal = priceCartObject(cart).totalAmount;
if (benchmarkPriceCart(cartJson, 1) !== expectedTotal) throw new Error('compute and end-to-end results differ');

const compute = measure((count) => benchmarkPriceCart(cartJson, count));
const endToEnd = measure((count) => {
  for (let index = 0; index < count; index += 1) priceCartObject(cart);
});

// Carts that each differ from the previous one by one line: line k's quantity goes up by one
// (then, after every line went up, back down), as immutable updates make them.
const changes = [];
let current = cart.lines;
for (let step = 0; step < 2 * cart.lines.length; step += 1) {
  const index = step % cart.lines.length;
  const line = current[index];
  const quantity = (Number(line.quantity) + (step < cart.lines.length ? 1 : -1)).toFixed(3).replace(/\.?0+$/, '');
  current = current.with(index, { ...line, quantity });
  changes.push({ ...cart, lines: current });
}
const session = new CartSession(new GlueSession());
const same = (left, right) => JSON.stringify(left) === JSON.stringify(right);
for (const changed of changes.slice(0, 3)) {
  if (!same(session.price(changed), priceCartObject(changed))) throw new Error('the session and priceCart differ');
}
let step = 0;
const oneChange = measure((count) => {
  for (let index = 0; index < count; index += 1) {
    session.price(changes[step]);
    step = (step + 1) % changes.length;
  }
});
const noChange = measure((count) => {
  for (let index = 0; index < count; index += 1) session.price(cart);
});
const firstPricing = measure((count) => {
  for (let index = 0; index < count; index += 1) {
    const fresh = new CartSession(new GlueSession());
    fresh.price(cart);
    fresh.free();
  }
});

const show = ({ median, p95 }) => `median ${median.toFixed(1)} us, p95 ${p95.toFixed(1)} us`;
console.log(`WASM price_cart_200_lines (Node ${process.versions.node}, total ${expectedTotal})`);
console.log(`  compute alone: ${show(compute)}`);
console.log(`  end to end from JS (marshalling included): ${show(endToEnd)}`);
console.log(`  one change, end to end (priceCartChange): ${show(oneChange)}`);
console.log(`  no change, end to end (priceCartChange): ${show(noChange)}`);
console.log(`  first pricing, end to end (priceCartChange): ${show(firstPricing)}`);
