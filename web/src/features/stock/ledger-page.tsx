import { ArrowLeft } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import type { DataTableStatus } from '@/components/data-table';
import { LoadMore } from '@/components/load-more';
import { Screen } from '@/components/screen';
import { usePagedList } from '@/lib/use-paged-list';
import { useShopSession } from '@/features/auth';
import { getProductLedger, ledgerFetchFailed, type LedgerPage } from './api/ledger-api';
import { LedgerTable } from './ledger-table';
import { quantityText } from './ledger-text';

const append = (shown: LedgerPage, page: LedgerPage): LedgerPage => ({
  product: page.product,
  rows: [...shown.rows, ...page.rows],
  more: page.more,
});

/**
 * /admin/stock/products/:id and /staff/stock/products/:id (anyone who reads products): why a
 * product's stock is what it is. Its name, unit and stock now, then every change newest first,
 * a page at a time; "Load more" asks for the rows before the last one shown.
 */
export function LedgerPage() {
  const { id = '' } = useParams();
  const { area, timeZone } = useShopSession();
  const loadFirst = useCallback((signal: AbortSignal) => getProductLedger(id, null, signal), [id]);
  const loadNext = useCallback(
    (shown: LedgerPage) => {
      const last = shown.rows.at(-1);
      return shown.more && last ? (signal: AbortSignal) => getProductLedger(id, last._id, signal) : null;
    },
    [id],
  );
  const { pages, retry, loadMore, loadingMore } = usePagedList({ loadFirst, loadNext, append, failedMessage: ledgerFetchFailed });
  const ledger = pages.status === 'ready' ? pages.data : null;
  const tableState: DataTableStatus =
    pages.status === 'ready'
      ? { status: 'ready' }
      : pages.status === 'error'
        ? { status: 'error', message: pages.message, onRetry: retry }
        : { status: 'loading', label: 'Loading stock history…' };

  return (
    <Screen
      title={ledger ? `Stock history: ${ledger.product.productName}` : 'Stock history'}
      description="Every change to this product's stock, newest first."
      back={
        <Link to={`/${area}/product/view`}>
          <ArrowLeft aria-hidden="true" />
          Products
        </Link>
      }
    >
      {ledger && (
        <dl className="ledger-summary" aria-label="The product now">
          <div>
            <dt>Product</dt>
            <dd>{ledger.product.productName}</dd>
          </div>
          <div>
            <dt>Unit</dt>
            <dd>{ledger.product.unit}</dd>
          </div>
          <div>
            <dt>On hand now</dt>
            <dd>{quantityText(ledger.product.quantity)}</dd>
          </div>
        </dl>
      )}
      <LedgerTable
        label="Stock moves"
        rows={ledger?.rows ?? []}
        state={tableState}
        empty="No stock moves yet."
        area={area}
        timeZone={timeZone}
      />
      {ledger?.more && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
    </Screen>
  );
}
