// Reports a 10,000-sale shift through the WebAssembly build, end to end as the app's facade
// (src/lib/core.ts shiftReport, callWithJson) calls it: the JS shift object to JSON bytes, the
// report inside WASM, its JSON text back to a JS object. The shift is built with the formulas of
// the native criterion benchmark (core/benches/shift.rs) and checked against its totals, so both
// report the identical input.
// Run: npm run bench (after scripts/build-wasm.sh). Prints median and p95 per report over rounds.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import init, { shiftReport } from '../src/wasm-core/pos_core_wasm.js';

await init({ module_or_path: readFileSync(new URL('../src/wasm-core/pos_core_wasm_bg.wasm', import.meta.url)) });

// The native benchmark's totals for this shift (core/benches/shift.rs).
const NET_SALES = '1084996.10';
const EXPECTED_CASH = '85540.70';
const DIFFERENCE = '-0.20';

const money = (cents) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const id = (n) => `INV-${String(n).padStart(6, '0')}`;

/** 55 % cash, 30 % swipe, 15 % card; every 4th sale 10 % off, 6 % tax, every 25th 1.00 redeemed. */
function shift10000Sales() {
  const sales = [];
  const refunds = [];
  for (let i = 0; i < 10_000; i += 1) {
    const slot = i % 20;
    const paymentMethod = slot <= 10 ? 'cash' : slot <= 16 ? 'internal-device' : 'digital';
    const subTotal = 500 + ((i * 7919) % 20_000);
    const discount = i % 4 === 0 ? Math.trunc(subTotal / 10) : 0;
    const tax = Math.trunc(((subTotal - discount) * 6) / 100);
    const redeemed = i % 25 === 0 ? 100 : 0;
    const total = subTotal - discount + tax - redeemed;
    sales.push({
      invoiceId: id(i + 1), paymentMethod, subTotal: money(subTotal), totalDiscount: money(discount),
      totalTax: money(tax), redeemAmount: money(redeemed), totalAmount: money(total),
    });
    if (i % 50 === 0) refunds.push({ invoiceId: id(i + 1), paymentMethod, amount: money(Math.trunc(total / 2)) });
  }
  return {
    openingFloat: '200.00',
    sales,
    refunds,
    movements: [
      { kind: 'payIn', amount: '100.00', reason: 'Change from the bank' },
      { kind: 'payOut', amount: '45.60', reason: 'Milk' },
      { kind: 'payIn', amount: '50.00', reason: 'Change' },
      { kind: 'payOut', amount: '500000.00', reason: 'Banking drop' },
    ],
    counted: {
      denominations: [
        { value: '500.00', count: 140 }, { value: '100.00', count: 150 }, { value: '50.00', count: 10 },
        { value: '10.00', count: 4 }, { value: '1.00', count: 0 }, { value: '0.25', count: 2 },
      ],
    },
  };
}

const encoder = new TextEncoder();
// The facade's conversion (src/lib/core.ts, callWithJson), repeated here because Node runs this
// file without a TypeScript build.
const report = (input) => JSON.parse(shiftReport(encoder.encode(JSON.stringify(input))));

const shift = shift10000Sales();
const first = report(shift);
if (first.netSales !== NET_SALES || first.expectedCash !== EXPECTED_CASH || first.difference !== DIFFERENCE) {
  throw new Error(`the shift differs from the native benchmark's: ${JSON.stringify([first.netSales, first.expectedCash, first.difference])}`);
}

const ROUNDS = 30;
const PER_ROUND = 5;
for (let index = 0; index < 20; index += 1) report(shift); // warm-up: let the engine tier up the module
const rounds = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const started = performance.now();
  for (let index = 0; index < PER_ROUND; index += 1) report(shift);
  rounds.push((performance.now() - started) / PER_ROUND);
}
rounds.sort((a, b) => a - b);
const median = rounds[Math.floor(ROUNDS / 2)];
const p95 = rounds[Math.ceil(ROUNDS * 0.95) - 1];
// The JS engine's own share: the input's JSON.stringify and the bytes, without WASM.
const jsStarted = performance.now();
for (let index = 0; index < 20; index += 1) encoder.encode(JSON.stringify(shift));
const jsShare = (performance.now() - jsStarted) / 20;
console.log(`WASM shift_report_10000_sales (Node ${process.versions.node}, net sales ${first.netSales}, difference ${first.difference})`);
console.log(`  end to end from JS (marshalling included): median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
console.log(`  of which JSON.stringify and encoding the input: ${jsShare.toFixed(2)} ms`);
