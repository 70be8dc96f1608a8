import { describe, expect, it } from 'vitest';
import { matchesSearch } from '../../../lib/search';
import type { Product } from '../../catalog';
import { cola, rice, water } from '../../catalog/test-fixtures';
import { buildCatalogIndex, foldSearchText, searchCatalog } from './catalog-index';
import { showingNote, TILE_LIMIT, visibleProducts } from './product-grid';
import { shownInvoice } from './use-till-selling';
import type { LocalInvoice } from '../../offline/types';

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
