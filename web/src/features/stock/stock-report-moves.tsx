import { Download } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { DataTableStatus } from '@/components/data-table';
import { SelectField, TextField } from '@/components/form';
import { LoadMore } from '@/components/load-more';
import type { ShopArea } from '@/config/paths';
import { usePagedList } from '@/lib/use-paged-list';
import type { Product } from '@/features/catalog';
import {
  getStockMoves, noMoveFilters, stockMovesCsvUrl, stockMovesFetchFailed, type StockMoveFilters, type StockMovesPage,
} from './api/reports-api';
import { LedgerTable } from './ledger-table';
import { moveKindOptions } from './ledger-text';

const append = (shown: StockMovesPage, page: StockMovesPage): StockMovesPage => ({ rows: [...shown.rows, ...page.rows], more: page.more });

interface StockReportMovesProps {
  /** The shop's products to narrow by; null when they cannot be read (no filter then). */
  products: Product[] | null;
  area: ShopArea;
  timeZone: string | undefined;
}

/**
 * Every product's stock moves between two days, newest first, narrowed by kind and product, a
 * page at a time; saved as CSV with the same filters.
 */
export function StockReportMoves({ products, area, timeZone }: StockReportMovesProps) {
  const [filters, setFilters] = useState<StockMoveFilters>(noMoveFilters);
  const loadFirst = useCallback((signal: AbortSignal) => getStockMoves(filters, null, signal), [filters]);
  const loadNext = useCallback(
    (shown: StockMovesPage) => {
      const last = shown.rows.at(-1);
      return shown.more && last ? (signal: AbortSignal) => getStockMoves(filters, last._id, signal) : null;
    },
    [filters],
  );
  const { pages, retry, loadMore, loadingMore } = usePagedList({ loadFirst, loadNext, append, failedMessage: stockMovesFetchFailed });
  const moves = pages.status === 'ready' ? pages.data : null;
  const set = (name: keyof StockMoveFilters) => (value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const tableState: DataTableStatus =
    pages.status === 'ready'
      ? { status: 'ready' }
      : pages.status === 'error'
        ? { status: 'error', message: pages.message, onRetry: retry }
        : { status: 'loading', label: 'Loading stock movements…' };

  return (
    <section className="stock-report__section" aria-labelledby="stock-moves-title">
      <header className="stock-report__header">
        <h2 id="stock-moves-title" className="stock-report__title">
          Movements
        </h2>
        <a className="button button--secondary" href={stockMovesCsvUrl(filters)} download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </header>
      <div className="stock-report__filters" role="group" aria-label="Filter movements">
        <TextField id="stock-moves-from" label="From" type="date" value={filters.from} onValueChange={set('from')} />
        <TextField id="stock-moves-to" label="To" type="date" value={filters.to} onValueChange={set('to')} />
        <SelectField
          id="stock-moves-kind"
          label="Kind"
          value={filters.kind}
          onValueChange={set('kind')}
          options={[{ value: '', label: 'Any kind' }, ...moveKindOptions]}
        />
        {products && (
          <SelectField
            id="stock-moves-product"
            label="Product"
            value={filters.productId}
            onValueChange={set('productId')}
            options={[{ value: '', label: 'Any product' }, ...products.map((product) => ({ value: product._id, label: product.productName }))]}
          />
        )}
        <button
          type="button"
          className="button button--secondary stock-report__clear"
          disabled={Object.values(filters).every((value) => !value)}
          onClick={() => setFilters(noMoveFilters)}
        >
          Clear filters
        </button>
      </div>
      <LedgerTable
        label="Stock movements"
        rows={moves?.rows ?? []}
        state={tableState}
        empty="No stock moves match these filters."
        withProduct
        area={area}
        timeZone={timeZone}
      />
      {moves?.more && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
    </section>
  );
}
