/**
 * Pricing a cart change by change: only the lines that changed since the last call cross into
 * WebAssembly, where core-wasm's `CartSession` keeps the other lines already priced and adds
 * every line's cents into the totals, as `priceCart` does. The answer is the same `PricedCart`,
 * to the byte, as `priceCart` gives for the same input.
 *
 * Why: the till prices its whole cart after every tap. Sent as JSON each time, a 200-line cart
 * costs far more in converting (JSON text both ways, serde inside WebAssembly, JSON.parse) than in
 * pricing. Comparing the lines with the previous call's here costs a few microseconds.
 *
 * A line is unchanged when every field core reads is `===` to the value it had when priced;
 * only primitive values are compared, so a line holding an object in any field is always sent
 * again. Unchanged lines keep their priced object from the earlier answer (frozen, since several
 * answers share it). This module does not import the glue: lib/core.ts hands it a session.
 *
 * Self-contained (no imports) so that the Node benchmark (bench/price-cart.bench.mjs) runs this
 * same code.
 */

/** The glue's `CartSession`: prices `keep` (an index into the previous call's lines, or -1 for
 * the next line of the request) against the request's JSON `{ redeemAmount, earnsPoints, lines }`,
 * and answers JSON `{ lines: <the newly priced lines>, subTotal, ... }`. */
export interface CartSessionGlue {
  price(keep: Int32Array, requestJson: Uint8Array): string;
  free(): void;
}

/** The fields of a cart line that core reads: everything a priced line depends on. */
interface LineFields {
  productId?: unknown;
  productName?: unknown;
  quantity?: unknown;
  unit?: unknown;
  customProduct?: unknown;
  sellingPrice?: unknown;
  costPrice?: unknown;
  costPriceProfit?: unknown;
  discount?: unknown;
  discountType?: unknown;
  categoryDiscountRate?: unknown;
  productTax?: unknown;
  loyaltyRate?: unknown;
}

export interface SessionCartInput {
  lines: readonly object[];
  redeemAmount?: unknown;
  earnsPoints?: boolean;
}

export interface SessionPricedCart {
  lines: readonly object[];
}

const encoder = new TextEncoder();

/** A copy of the line's fields as priced, or null when one is not a primitive (never reused). */
function snapshot(line: unknown): LineFields | null {
  if (typeof line !== 'object' || line === null) return null;
  const l = line as LineFields;
  const copy: LineFields = {
    productId: l.productId,
    productName: l.productName,
    quantity: l.quantity,
    unit: l.unit,
    customProduct: l.customProduct,
    sellingPrice: l.sellingPrice,
    costPrice: l.costPrice,
    costPriceProfit: l.costPriceProfit,
    discount: l.discount,
    discountType: l.discountType,
    categoryDiscountRate: l.categoryDiscountRate,
    productTax: l.productTax,
    loyaltyRate: l.loyaltyRate,
  };
  for (const value of Object.values(copy)) {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') return null;
  }
  return copy;
}

function sameLine(line: LineFields, priced: LineFields): boolean {
  return (
    line.productId === priced.productId &&
    line.quantity === priced.quantity &&
    line.sellingPrice === priced.sellingPrice &&
    line.productName === priced.productName &&
    line.unit === priced.unit &&
    line.customProduct === priced.customProduct &&
    line.costPrice === priced.costPrice &&
    line.costPriceProfit === priced.costPriceProfit &&
    line.discount === priced.discount &&
    line.discountType === priced.discountType &&
    line.categoryDiscountRate === priced.categoryDiscountRate &&
    line.productTax === priced.productTax &&
    line.loyaltyRate === priced.loyaltyRate
  );
}

/**
 * One cart's pricing state on both sides of the boundary. Both sides change only when a call
 * succeeds, so after a refusal they still agree; the caller may drop the session anyway.
 */
export class CartSession {
  readonly #glue: CartSessionGlue;
  #priced: object[] = [];
  #inputs: (LineFields | null)[] = [];

  constructor(glue: CartSessionGlue) {
    this.#glue = glue;
  }

  /** The index of an earlier line equal to `line`, near `index + shift`; -1 when none is. */
  #find(line: unknown, index: number, shift: number): number {
    if (typeof line !== 'object' || line === null) return -1;
    // The same place, or shifted as the previous match was (lines removed or inserted above),
    // or one place either side.
    if (this.#matches(line, index + shift)) return index + shift;
    if (shift !== 0 && this.#matches(line, index)) return index;
    if (this.#matches(line, index - 1)) return index - 1;
    if (this.#matches(line, index + 1)) return index + 1;
    return -1;
  }

  #matches(line: LineFields, earlier: number): boolean {
    const priced = this.#inputs[earlier];
    return priced !== undefined && priced !== null && sameLine(line, priced);
  }

  price<Output extends SessionPricedCart>(input: SessionCartInput): Output {
    const { lines } = input;
    const keep = new Int32Array(lines.length);
    const inputs: (LineFields | null)[] = new Array(lines.length);
    const fresh: object[] = [];
    let shift = 0;
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index];
      const found = this.#find(line, index, shift);
      keep[index] = found;
      if (found >= 0) {
        shift = found - index;
        inputs[index] = this.#inputs[found];
      } else {
        fresh.push(line);
        inputs[index] = snapshot(line);
      }
    }
    const request = { redeemAmount: input.redeemAmount, earnsPoints: input.earnsPoints, lines: fresh };
    const answer = JSON.parse(this.#glue.price(keep, encoder.encode(JSON.stringify(request)))) as Output & { lines: object[] };
    const newlyPriced = answer.lines;
    const priced: object[] = new Array(lines.length);
    let next = 0;
    for (let index = 0; index < lines.length; index += 1) {
      const kept = keep[index];
      priced[index] = kept >= 0 ? this.#priced[kept] : Object.freeze(newlyPriced[next++]);
    }
    answer.lines = priced;
    this.#priced = priced;
    this.#inputs = inputs;
    return answer;
  }

  /** Releases the WebAssembly side. */
  free(): void {
    this.#glue.free();
    this.#priced = [];
    this.#inputs = [];
  }
}
