/**
 * The till's catalogue in memory, made each time the local products change so that a scan or a
 * keystroke never walks 100,000 rows the slow way (docs/benchmarks.md "Offline till": barcode
 * lookup p99 <= 5 ms, name search p99 <= 30 ms):
 * - a barcode -> product map for the scanner;
 * - per product, its searched fields folded once (lower case, accents stripped, as
 *   lib/search.ts folds them) and joined, so a search is one `includes` per typed word;
 * - a search answers the first `limit` matches in name order and how many match in all: the
 *   grid shows a page of tiles, not 100,000 ("showing 40 of 100,000").
 *
 * The map and the keys are made in idle time once the grid is on screen (`prepareCatalogIndex`),
 * or at the first scan or search that needs them before: the first tiles need neither, and
 * making both for 100,000 products held the till's start by a fifth of a second or more. A row
 * the last index already folded keeps its key: a sale or a pull changes a few rows.
 */
import type { Product } from '@/features/catalog';
import { byName } from '@/features/offline';
import { tillMeasureDuration, tillNow } from '@/lib/till-timing';

export interface CatalogIndex {
  /** In name order, as the grid shows them. */
  readonly products: readonly Product[];
  /** Made at first use, unless idle time made it before. */
  readonly byBarcode: ReadonlyMap<string, Product>;
  /** `searchKeys[i]`: the folded, joined searched fields of `products[i]`; made as `byBarcode`. */
  readonly searchKeys: readonly string[];
}

export interface CatalogMatches {
  shown: Product[];
  /** Every product that matches, the shown ones included. */
  total: number;
}

// Between two fields: a character nobody types, so a word never matches across fields.
const FIELD_SEPARATOR = '\u0000';
function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/** lib/search.ts's fold, with a fast path for plain ASCII (most catalogues). */
export function foldSearchText(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The fields a tile is found by (name, barcode, product id, category). */
const searchedFields = (product: Product) => [product.productName, product.barcodeNumber, product.product_id, product.category.categoryName];

const searchKeyOf = (product: Product) =>
  searchedFields(product)
    .filter((value): value is string => Boolean(value))
    .map(foldSearchText)
    .join(FIELD_SEPARATOR);

/** Rows folded in one idle slice (a few milliseconds of work). */
const FOLD_SLICE = 5000;

class TillCatalogIndex implements CatalogIndex {
  private barcodes: Map<string, Product> | null = null;
  private readonly keys: string[];
  private folded = 0;
  // Where the walk through the previous index's rows stands.
  private kept = 0;
  /** Milliseconds spent making the map and the keys so far. */
  spent = 0;

  readonly products: readonly Product[];
  private previous: TillCatalogIndex | null;

  constructor(products: readonly Product[], previous: TillCatalogIndex | null) {
    this.products = products;
    this.previous = previous;
    this.keys = new Array<string>(products.length);
  }

  get byBarcode(): ReadonlyMap<string, Product> {
    if (this.barcodes === null) {
      const started = tillNow();
      const barcodes = new Map<string, Product>();
      for (const product of this.products) {
        // The first in name order wins a shared barcode, as the grid's first tile would.
        if (product.barcodeNumber && !barcodes.has(product.barcodeNumber)) barcodes.set(product.barcodeNumber, product);
      }
      this.barcodes = barcodes;
      this.spent += tillNow() - started;
    }
    return this.barcodes;
  }

  get searchKeys(): readonly string[] {
    this.foldUntil(this.products.length);
    return this.keys;
  }

  get foldedRows(): number {
    return this.folded;
  }

  get ready(): boolean {
    return this.barcodes !== null && this.folded === this.products.length;
  }

  /**
   * Folds the keys of the rows before `until`. Both lists are in the catalogue's name order
   * (catalog-snapshot.ts `byName`), so a row the previous index holds is met in turn.
   */
  foldUntil(until: number): void {
    if (this.folded >= until) return;
    const started = tillNow();
    const { products, keys, previous } = this;
    const before = previous?.products ?? [];
    const keysBefore = previous?.keys ?? [];
    let kept = this.kept;
    for (let index = this.folded; index < until; index += 1) {
      const product = products[index];
      while (kept < before.length && before[kept] !== product && byName(before[kept], product) < 0) kept += 1;
      const known = kept < before.length && before[kept] === product ? keysBefore[kept] : undefined;
      if (known !== undefined) kept += 1;
      keys[index] = known ?? searchKeyOf(product);
    }
    this.kept = kept;
    this.folded = until;
    // The previous index's rows are not needed once every key is made.
    if (until === products.length) this.previous = null;
    this.spent += tillNow() - started;
  }
}

/**
 * The index of `products` (in the local catalogue's name order). With `previous`, a row it holds
 * (the same object: a change stores a new row) keeps the key `previous` folded for it.
 */
export function buildCatalogIndex(products: readonly Product[], previous?: CatalogIndex): CatalogIndex {
  return new TillCatalogIndex(products, previous instanceof TillCatalogIndex ? previous : null);
}

let lastIndex: CatalogIndex | undefined;

/**
 * The index of `products`, made from the last one (the screens share it: a sale's stock or a
 * pull folds only the rows it changed, and the cart and an open order index once).
 */
export function catalogIndexOf(products: readonly Product[]): CatalogIndex {
  if (lastIndex?.products !== products) lastIndex = buildCatalogIndex(products, lastIndex);
  return lastIndex;
}

/** Runs `work` in the browser's next idle period (soon, where there is no such thing). */
export type IdleScheduler = (work: () => void) => () => void;

export const whenIdle: IdleScheduler = (work) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 500 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
};

/**
 * Makes `index`'s keys and barcode map in idle slices, then records what they cost as
 * `till:catalog-index`. Answers a function that stops it (the index was replaced).
 */
export function prepareCatalogIndex(index: CatalogIndex, schedule: IdleScheduler = whenIdle): () => void {
  if (!(index instanceof TillCatalogIndex) || index.ready) return () => {};
  let cancel = () => {};
  const step = () => {
    if (index.foldedRows < index.products.length) index.foldUntil(Math.min(index.products.length, index.foldedRows + FOLD_SLICE));
    else void index.byBarcode;
    if (index.ready) tillMeasureDuration('catalog-index', index.spent, { products: index.products.length });
    else cancel = schedule(step);
  };
  cancel = schedule(step);
  return () => cancel();
}

/**
 * The products of `categoryId` ("" all) matching every word of `searchText` (each word in one
 * of the searched fields, as lib/search.ts's matchesSearch), the first `limit` of them.
 */
export function searchCatalog(index: CatalogIndex, categoryId: string, searchText: string, limit: number): CatalogMatches {
  const words = foldSearchText(searchText).split(/\s+/).filter(Boolean);
  // The whole catalogue (the grid after each scan empties the box): no walk needed.
  if (words.length === 0 && !categoryId) return { shown: index.products.slice(0, limit), total: index.products.length };
  const shown: Product[] = [];
  let total = 0;
  const { products } = index;
  const searchKeys = words.length > 0 ? index.searchKeys : [];
  for (let position = 0; position < products.length; position += 1) {
    const product = products[position];
    if (categoryId && product.category._id !== categoryId) continue;
    if (words.length > 0 && !hasEveryWord(searchKeys[position], words)) continue;
    total += 1;
    if (shown.length < limit) shown.push(product);
  }
  return { shown, total };
}

function hasEveryWord(key: string, words: readonly string[]): boolean {
  for (const word of words) if (!key.includes(word)) return false;
  return true;
}
