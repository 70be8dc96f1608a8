import { describe, expect, it } from 'vitest';
import { matchesSearch } from '@/lib/search';
import type { Product } from '@/features/catalog';
import { cola, rice, water } from '@/features/catalog/testing';
import { byName, type LocalInvoice } from '@/features/offline';
import { buildCatalogIndex, catalogIndexOf, foldSearchText, prepareCatalogIndex, searchCatalog } from './catalog-index';
import { showingNote, TILE_LIMIT, visibleProducts } from './product-grid';
import { shownInvoice } from './use-till-selling';

const creme: Product = { ...water, _id: 'prod-4', productName: 'Crème Brûlée', barcodeNumber: '5000001', category: { _id: 'cat-9', categoryName: 'Desserts' } };
const catalogue = [cola, creme, rice, water];
const namesOf = (products: Product[]) => products.map((product) => product.productName);

describe('the till catalogue index', () => {
  it('finds what lib/search.ts finds: every word in one of name, barcode, product id or category, any case or accent', () => {
    const index = buildCatalogIndex(catalogue);
    for (const text of ['', 'cola', 'COLA 330', 'creme', 'brulee dess', 'drinks', '8901234', 'p-000002', 'rice water', 'zzz', '  ']) {
      const expected = catalogue.filter((product) =>
        matchesSearch(text, [product.productName, product.barcodeNumber, product.product_id, product.category.categoryName]),
      );
      expect(namesOf(searchCatalog(index, '', text, 10).shown), text).toEqual(namesOf(expected));
    }
  });

  it('gives the first `limit` matches in the catalogue’s order and how many match in all, within the category', () => {
    const index = buildCatalogIndex(catalogue);
    expect(searchCatalog(index, '', '', 2)).toEqual({ shown: [cola, creme], total: 4 });
    expect(searchCatalog(index, cola.category._id, '', 10).shown.every((product) => product.category._id === cola.category._id)).toBe(true);
    expect(searchCatalog(index, 'cat-9', 'crème', 10)).toEqual({ shown: [creme], total: 1 });
    expect(searchCatalog(index, 'cat-9', 'cola', 10)).toEqual({ shown: [], total: 0 });
  });

  it('maps each barcode to its product, the first in order when two share one', () => {
    const index = buildCatalogIndex([cola, { ...rice, barcodeNumber: cola.barcodeNumber }, { ...water, barcodeNumber: '' }]);
    expect(index.byBarcode.get(cola.barcodeNumber)).toBe(cola);
    expect(index.byBarcode.has('')).toBe(false);
    expect(index.byBarcode.size).toBe(1);
  });

  it('folds text as lib/search.ts does', () => {
    expect(foldSearchText('Crème BRÛLÉE')).toBe('creme brulee');
    expect(foldSearchText('Cola 330ML')).toBe('cola 330ml');
  });
});

describe('the index kept up with the local catalogue', () => {
  const byNameOrder = (products: Product[]) => [...products].sort(byName);

  it('keeps the key of each row the last index held, and folds the new ones', () => {
    const first = buildCatalogIndex(byNameOrder(catalogue.map((product) => ({ ...product }))));
    expect(first.searchKeys).toHaveLength(4);
    // A row is never changed in place; were it, the next index would still know it by the key
    // folded before, which shows the key was kept rather than folded again.
    const kept = first.products[0];
    (kept as { productName: string }).productName = 'Renamed in place';
    const cheaper = { ...rice, price: 1 };
    const added = { ...water, _id: 'prod-9', productName: 'Apple juice', barcodeNumber: '9000009' };
    const next = byNameOrder([...first.products.filter((product) => product._id !== rice._id), cheaper, added]);
    const index = buildCatalogIndex(next, first);
    const fresh = buildCatalogIndex(next);
    const at = (product: Product) => index.products.indexOf(product);
    expect(index.searchKeys[at(kept)]).toBe(first.searchKeys[0]);
    expect(index.searchKeys[at(kept)]).not.toBe(fresh.searchKeys[at(kept)]);
    for (const product of [cheaper, added, index.products.find((row) => row._id === creme._id)!]) {
      expect(index.searchKeys[at(product)]).toBe(fresh.searchKeys[at(product)]);
    }
    expect(index.byBarcode.get('9000009')).toBe(added);
  });

  it('makes the map and the keys in idle slices, then records what they cost', () => {
    const many = byNameOrder(Array.from({ length: 12_000 }, (_, n) => ({ ...cola, _id: `p-${n}`, productName: `Item ${n}`, barcodeNumber: `b${n}` })));
    const index = catalogIndexOf(many);
    expect(catalogIndexOf(many)).toBe(index);
    const slices: (() => void)[] = [];
    performance.clearMeasures('till:catalog-index');
    prepareCatalogIndex(index, (work) => {
      slices.push(work);
      return () => {};
    });
    let ran = 0;
    while (slices.length > ran) slices[ran++]();
    // 12,000 keys in slices of 5,000, then the barcode map.
    expect(ran).toBe(4);
    expect(performance.getEntriesByName('till:catalog-index')).toHaveLength(1);
    expect(index.byBarcode.get('b11999')?._id).toBe('p-11999');
  });
});

describe('the product grid’s page of tiles', () => {
  it('shows at most TILE_LIMIT tiles of many and says how many match', () => {
    const many = Array.from({ length: 130 }, (_, n) => ({ ...cola, _id: `p-${n}`, productName: `Item ${String(n).padStart(3, '0')}`, barcodeNumber: `b${n}` }));
    const matches = visibleProducts(buildCatalogIndex(many), '', 'item');
    expect(matches.shown).toHaveLength(TILE_LIMIT);
    expect(matches.total).toBe(130);
    expect(showingNote(TILE_LIMIT, 50000)).toBe('Showing 40 of 50,000 products: search or choose a category to find the others.');
  });
});

describe('the invoice a till shows while an add is written', () => {
  const stored = { ref: 'r-1', updatedAt: 10 } as LocalInvoice;
  const preview = { ref: 'r-1', updatedAt: 12 } as LocalInvoice;
  it('is the preview while busy or newer, the stored invoice once it caught up or for another invoice', () => {
    expect(shownInvoice(stored, preview, false)).toBe(preview);
    expect(shownInvoice({ ...stored, updatedAt: 12 }, preview, false)).not.toBe(preview);
    expect(shownInvoice({ ...stored, updatedAt: 13 }, preview, true)).toBe(preview);
    expect(shownInvoice({ ...stored, ref: 'r-2' }, preview, true)).not.toBe(preview);
    expect(shownInvoice(stored, null, true)).toBe(stored);
    expect(shownInvoice(null, preview, true)).toBeNull();
  });
});
