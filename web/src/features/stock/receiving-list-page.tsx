import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadMore } from '@/components/load-more';
import { Screen } from '@/components/screen';
import { useShopSession } from '@/features/auth';
import { dateAndTime } from '@/lib/date-text';
import { money } from '@/lib/money-text';
import { usePagedList } from '@/lib/use-paged-list';
import { deliveriesFetchFailed, listDeliveries, type DeliveriesPage } from './api/receivings-api';
import { ReceivingGrantNeeded, receivingPaths } from './receiving-paths';
import './receiving.css';

const columns: DataTableColumn[] = [
  { id: 'when', header: 'Received' },
  { id: 'supplier', header: 'Supplier' },
  { id: 'reference', header: 'Reference' },
  { id: 'lines', header: 'Lines', className: 'receiving-number' },
  { id: 'total', header: 'Total cost', className: 'receiving-number' },
  { id: 'by', header: 'By' },
];

const loadFirst = (signal: AbortSignal) => listDeliveries(null, signal);
const loadNext = (shown: DeliveriesPage) =>
  shown.more && shown.rows.length > 0 ? (signal: AbortSignal) => listDeliveries(shown.rows[shown.rows.length - 1]._id, signal) : null;
const append = (shown: DeliveriesPage, page: DeliveriesPage): DeliveriesPage => ({ rows: [...shown.rows, ...page.rows], more: page.more });

/** /admin/stock/receiving: the deliveries received, newest first, and the way to receive one. */
export function ReceivingListPage() {
  const session = useShopSession();
  if (!session.can('stock_receive')) return <ReceivingGrantNeeded />;
  return <DeliveriesList />;
}

function DeliveriesList() {
  const session = useShopSession();
  const paths = receivingPaths(session.area);
  const { pages, retry, loadMore, loadingMore } = usePagedList({ loadFirst, loadNext, append, failedMessage: deliveriesFetchFailed });
  const deliveries = pages.status === 'ready' ? pages.data.rows : [];
  const tableState =
    pages.status === 'ready'
      ? { status: 'ready' as const }
      : pages.status === 'error'
        ? { status: 'error' as const, message: pages.message, onRetry: retry }
        : { status: 'loading' as const, label: 'Loading deliveries…' };
  return (
    <Screen
      title="Receiving"
      description="Deliveries put into stock, newest first. Receiving one adds its quantities and sets each product's cost price to the average."
      tools={
        <Link className="button button--primary" to={paths.newDelivery}>
          Receive delivery
        </Link>
      }
    >
      <DataTable label="Deliveries" columns={columns} state={tableState} rowCount={deliveries.length} empty="No deliveries received yet">
        {deliveries.map((delivery) => {
          const when = dateAndTime(delivery.createdAt, session.timeZone);
          return (
            <tr key={delivery._id} className="data-table__row">
              <td className="data-table__nowrap">
                <Link to={paths.delivery(delivery._id)}>{when ? `${when.date} ${when.time}` : delivery._id}</Link>
              </td>
              <td>{delivery.supplier}</td>
              <td>{delivery.reference || '—'}</td>
              <td className="receiving-number">{delivery.lines}</td>
              <td className="receiving-number">{money(delivery.totalCost, session.currencyCode)}</td>
              <td>{delivery.userName}</td>
            </tr>
          );
        })}
      </DataTable>
      {pages.status === 'ready' && pages.data.more && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
    </Screen>
  );
}
