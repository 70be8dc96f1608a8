/**
 * priceCartChange (a cart kept priced in WebAssembly, only changed lines crossing) must answer
 * exactly what priceCart (the whole cart as JSON) answers: the same bytes, the same refusals.
 * Checked on the golden carts and on random carts edited step by step, since what crosses
 * depends on the carts priced before.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '@/test/core';
import { CoreError, priceCart, priceCartChange, type CartInput, type CartLineInput } from './core';

/** The answer or the refusal, printed so that any difference shows byte for byte. */
function outcome(price: (input: CartInput) => unknown, input: CartInput): string {
  try {
    return JSON.stringify(price(input));
  } catch (error) {
    if (!(error instanceof CoreError)) throw error;
    return JSON.stringify({ error: { kind: error.kind, field: error.field, message: error.message } });
  }
}

function expectSame(input: CartInput): void {
  const plain = outcome(priceCart, input);
  expect(outcome(priceCartChange, input)).toBe(plain);
}

const fixtures = new URL('../../../core/fixtures/priceCart/', import.meta.url);
const goldenCarts = readdirSync(fixtures)
  .filter((file) => file.endsWith('.input.json'))
  .map((file) => ({ name: file, input: JSON.parse(readFileSync(new URL(file, fixtures), 'utf8')) as CartInput }));

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T,>(values: readonly T[]): T => values[int(values.length)];
  return { next, int, pick };
}

type Random = ReturnType<typeof random>;

const money = (r: Random) => r.pick(['0', '0.00', '1', '3.99', '12.5', '100.00', '0.01', '999.99', 3, 2.5]);
const percent = (r: Random) => r.pick(['0', '5', '10', '12.5', '8.875', '100', 15, undefined]);

function randomLine(r: Random, id: number): CartLineInput {
  const unit = r.pick(['no', 'kg', 'lt', 'm'] as const);
  const discountType = r.pick(['percentage', 'flat', undefined] as const);
  const line: CartLineInput = {
    productId: `p${id}`,
    productName: r.pick([`Product ${id}`, 'Rice', undefined as unknown as string]),
    quantity: unit === 'no' ? r.pick(['1', '2', '12', 3]) : r.pick(['0.5', '2.25', '1.005', '10', 0.75]),
    unit,
    customProduct: r.next() < 0.1,
    sellingPrice: r.next() < 0.7 ? money(r) : undefined,
    costPrice: money(r),
    costPriceProfit: r.pick(['0', '25', '50', '1000', 10]),
    discount: discountType === 'flat' ? money(r) : percent(r),
    discountType,
    categoryDiscountRate: percent(r),
    productTax: percent(r),
    loyaltyRate: percent(r),
  };
  // Now and then a value core refuses: the refusal must be priceCart's too.
  if (r.next() < 0.03) {
    const field = r.pick(['quantity', 'sellingPrice', 'productTax', 'discount', 'unit'] as const);
    (line as unknown as Record<string, unknown>)[field] = r.pick(['1.0005', '-1', 'abc', '100.5', null, 'box']);
  }
  return line;
}

/** A copy of `lines` with line `index` replaced, as an immutable update makes it. */
const replaced = <T,>(lines: readonly T[], index: number, line: T): T[] => lines.map((old, at) => (at === index ? line : old));

const lineFields = [
  'productId', 'productName', 'quantity', 'unit', 'customProduct', 'sellingPrice', 'costPrice', 'costPriceProfit',
  'discount', 'discountType', 'categoryDiscountRate', 'productTax', 'loyaltyRate',
] as const;

/** The next cart: one edit of the kind a till makes (or an unusual one), as a new object. */
function edit(r: Random, cart: CartInput, ids: { next: number }): CartInput {
  const lines = [...cart.lines];
  const at = r.int(lines.length + 1);
  switch (r.int(9)) {
    case 0:
      lines.push(randomLine(r, ids.next++));
      break;
    case 1:
      lines.splice(at, 0, randomLine(r, ids.next++));
      break;
    case 2:
      if (lines.length > 0) lines.splice(at % lines.length, 1);
      break;
    case 3:
      if (lines.length > 0) {
        const index = at % lines.length;
        lines[index] = { ...lines[index], quantity: r.pick(['1', '2', '3', 4]) };
      }
      break;
    case 4:
      // Any one field changed, to a value a line of the catalogue could hold.
      if (lines.length > 0) {
        const index = at % lines.length;
        const field = r.pick(lineFields);
        lines[index] = { ...lines[index], [field]: randomLine(r, index)[field] };
      }
      break;
    case 5:
      if (lines.length > 0) lines.push({ ...lines[at % lines.length] });
      break;
    case 6:
      return { ...cart, lines, redeemAmount: r.pick(['0', '1.00', '5', 2.5, '0.50', undefined, undefined, r.pick(['0.001', '100000'])]) };
    case 7:
      return { ...cart, lines, earnsPoints: r.pick([true, false, undefined]) };
    default:
      // Changed in place: the same object with another value must still be priced again.
      if (lines.length > 0) {
        const field = r.pick(lineFields);
        (lines[at % lines.length] as unknown as Record<string, unknown>)[field] = randomLine(r, at)[field];
      }
  }
  return { ...cart, lines };
}

describe('priceCartChange', () => {
  beforeAll(loadCore);

  it.each(goldenCarts)('answers as priceCart on the golden cart $name', ({ input }) => {
    expectSame(input);
    // Again, now that the session holds it, and after a change.
    expectSame(input);
    if (input.lines.length > 0) expectSame({ ...input, lines: [...input.lines].reverse() });
  });

  it('answers as priceCart on random carts edited step by step', () => {
    let priced = 0;
    for (let seed = 1; seed <= 60; seed += 1) {
      const r = random(seed);
      const ids = { next: 0 };
      let cart: CartInput = { lines: Array.from({ length: r.int(30) }, () => randomLine(r, ids.next++)) };
      for (let step = 0; step < 60; step += 1) {
        const expected = outcome(priceCart, cart);
        expect(outcome(priceCartChange, cart), `seed ${seed}, step ${step}`).toBe(expected);
        if (!expected.startsWith('{"error"')) priced += 1;
        cart = edit(r, cart, ids);
      }
    }
    // Most steps price (the session's own path), the rest are refusals.
    expect(priced).toBeGreaterThan(1200);
  });

  it('answers as priceCart on the 200-line benchmark cart, one line changed at a time', () => {
    const bench = JSON.parse(readFileSync(new URL('../../../core/benches/cart_200_lines.json', import.meta.url), 'utf8')) as CartInput;
    let lines = bench.lines;
    expectSame(bench);
    for (let index = 0; index < lines.length; index += 7) {
      lines = replaced(lines, index, { ...lines[index], quantity: String(Number(lines[index].quantity) + 1) });
      expectSame({ ...bench, lines });
    }
  });

  it('shares unchanged priced lines between answers, frozen', () => {
    const r = random(99);
    const lines = Array.from({ length: 5 }, (_, id) => ({ ...randomLine(r, id), quantity: '1', unit: 'no' as const, sellingPrice: '2.00', discount: '0', costPriceProfit: '0', categoryDiscountRate: '0', productTax: '0', loyaltyRate: '0' }));
    const first = priceCartChange({ lines });
    const second = priceCartChange({ lines: replaced(lines, 2, { ...lines[2], quantity: '3' }) });
    expect(second.lines[0]).toBe(first.lines[0]);
    expect(second.lines[2]).not.toBe(first.lines[2]);
    expect(Object.isFrozen(second.lines[0])).toBe(true);
  });
});
