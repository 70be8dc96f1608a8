// Prices the 200-line benchmark cart (core/benches/cart_200_lines.json, the same file the native
// criterion benchmark uses) through the WebAssembly build:
//   compute alone  - benchmarkPriceCart converts the cart once, then prices it N times inside WASM;
//   end to end     - pricing a JS cart object into a JS priced-cart object exactly as the app's
//                    facade (src/lib/core.ts, callWithJson) does: JSON bytes in, JSON text out.
// Run: npm run bench (after scripts/build-wasm.sh). Prints median and p95 per cart over rounds.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import init, { benchmarkPriceCart, priceCart } from '../src/wasm-core/pos_core_wasm.js';

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

const show = ({ median, p95 }) => `median ${median.toFixed(1)} us, p95 ${p95.toFixed(1)} us`;
console.log(`WASM price_cart_200_lines (Node ${process.versions.node}, total ${expectedTotal})`);
console.log(`  compute alone: ${show(compute)}`);
console.log(`  end to end from JS (marshalling included): ${show(endToEnd)}`);
