import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { LoadMore } from '../../components/load-more';
import { Screen } from '../../components/screen';
import { dateTime, salesPaths } from '@/features/sales';
import { flagSentence, kindName } from './flag-text';
import { useSaleFlagPages } from './use-sale-flag-pages';
import { useShopSession } from '@/features/auth';

const columns: DataTableColumn[] = [
  { id: 'when', header: 'When', className: 'data-table__nowrap' },
  { id: 'invoice', header: 'Invoice', className: 'data-table__nowrap' },
  { id: 'issue', header: 'Issue', className: 'data-table__nowrap' },
  { id: 'detail', header: 'What happened' },
];

/**
 * /admin/sync/review (docs/api-till-sync.md "Flags"): what synced till sales did that an
 * online till would have refused or priced otherwise, or a till time the server did not believe,
 * newest first, each with its invoice and a plain sentence. Dates are in the shop's time zone,
 * like the other lists.
 */
export function SyncReviewPage() {
  const session = useShopSession();
  const { pages, retry, loadMore, loadingMore } = useSaleFlagPages();
  const flags = pages.status === 'ready' ? pages.data.rows : [];
  const tableState =
    pages.status === 'ready'
      ? { status: 'ready' as const }
      : pages.status === 'error'
        ? { status: 'error' as const, message: pages.message, onRetry: retry }
        : { status: 'loading' as const, label: 'Loading sync issues…' };

  let description = 'Sales synced from the tills that did not match the catalogue, newest first.';
  if (pages.status === 'ready' && flags.length > 0) {
    const count = `${flags.length} ${flags.length === 1 ? 'issue' : 'issues'}`;
    description = pages.data.more ? `The newest ${count}; Load more shows older ones.` : count;
  }

  return (
    <Screen title="Sync review" description={description}>
      <DataTable
        label="Sync issues"
        columns={columns}
        state={tableState}
        rowCount={flags.length}
        empty="No sync issues: every synced sale matched the catalogue"
      >
        {flags.map((flag) => (
          <tr key={flag._id} className="data-table__row">
            <td className="data-table__nowrap">{dateTime(flag.createdAt, session.timeZone)}</td>
            <td className="data-table__nowrap">
              <Link to={salesPaths.invoice('admin', flag.invoiceId)}>{flag.invoiceNumber}</Link>
            </td>
            <td className="data-table__nowrap">{kindName(flag.kind)}</td>
            <td>{flagSentence(flag, session)}</td>
          </tr>
        ))}
      </DataTable>
      {pages.status === 'ready' && pages.data.more && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
    </Screen>
  );
}
