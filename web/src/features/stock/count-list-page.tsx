import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/form';
import { LoadMore } from '@/components/load-more';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { useShopSession } from '@/features/auth';
import { listCategories } from '@/features/catalog';
import { errorMessage } from '@/lib/api-client';
import { dateAndTime } from '@/lib/date-text';
import { usePagedList } from '@/lib/use-paged-list';
import { useServerData } from '@/lib/use-server-data';
import { countsFetchFailed, countStartFailed, listCounts, startCount, type CountsPage } from './api/counts-api';
import { CountGrantNeeded, countPaths, countStatusLabels } from './count-paths';
import './count.css';

const columns: DataTableColumn[] = [
  { id: 'started', header: 'Started' },
  { id: 'of', header: 'Products' },
  { id: 'status', header: 'Status' },
  { id: 'counted', header: 'Counted', className: 'count-number' },
  { id: 'by', header: 'Started by' },
  { id: 'closed', header: 'Closed' },
];

const loadFirst = (signal: AbortSignal) => listCounts(null, signal);
const loadNext = (shown: CountsPage) =>
  shown.more && shown.rows.length > 0 ? (signal: AbortSignal) => listCounts(shown.rows[shown.rows.length - 1]._id, signal) : null;
const append = (shown: CountsPage, page: CountsPage): CountsPage => ({ rows: [...shown.rows, ...page.rows], more: page.more });

/** /admin/stock/counts: the counts newest first, and starting one (of every product or one category). */
export function CountListPage() {
  const session = useShopSession();
  if (!session.can('stock_count')) return <CountGrantNeeded />;
  return <CountList />;
}

function CountList() {
  const session = useShopSession();
  const paths = countPaths(session.area);
  const { pages, retry, loadMore, loadingMore } = usePagedList({ loadFirst, loadNext, append, failedMessage: countsFetchFailed });
  const counts = pages.status === 'ready' ? pages.data.rows : [];
  const openCount = counts.find((count) => count.status === 'open');
  const tableState =
    pages.status === 'ready'
      ? { status: 'ready' as const }
      : pages.status === 'error'
        ? { status: 'error' as const, message: pages.message, onRetry: retry }
        : { status: 'loading' as const, label: 'Loading counts…' };
  return (
    <Screen
      title="Stock counts"
      description="Count the shelf against the stock the till knows; posting a count writes each difference to the ledger. One count is open at a time."
      tools={
        openCount && (
          <Link className="button button--primary" to={paths.count(openCount._id)}>
            Continue the open count
          </Link>
        )
      }
    >
      {pages.status === 'ready' && !openCount && <StartCountForm />}
      <DataTable label="Counts" columns={columns} state={tableState} rowCount={counts.length} empty="No counts yet">
        {counts.map((count) => {
          const started = dateAndTime(count.startedAt, session.timeZone);
          const closed = count.closedAt === null ? null : dateAndTime(count.closedAt, session.timeZone);
          return (
            <tr key={count._id} className="data-table__row">
              <td className="data-table__nowrap">
                <Link to={paths.count(count._id)}>{started ? `${started.date} ${started.time}` : count._id}</Link>
              </td>
              <td>{count.categoryName ?? 'All products'}</td>
              <td>
                <span className={`count-status count-status--${count.status}`}>{countStatusLabels[count.status]}</span>
              </td>
              <td className="count-number">{`${count.counted} of ${count.lines}`}</td>
              <td>{count.startedBy}</td>
              <td>{closed ? `${count.closedBy ?? ''} ${closed.date}` : '—'}</td>
            </tr>
          );
        })}
      </DataTable>
      {pages.status === 'ready' && pages.data.more && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
    </Screen>
  );
}

function StartCountForm() {
  const session = useShopSession();
  const navigate = useNavigate();
  const loadCategories = useCallback((signal: AbortSignal) => listCategories(signal), []);
  const categories = useServerData(loadCategories, messages.categoriesLoadFailed);
  // One ref per form: a retry after a lost answer starts the count once.
  const [ref] = useState(() => crypto.randomUUID());
  const [categoryId, setCategoryId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const options = [
    { value: '', label: 'All products' },
    ...(categories.state.status === 'ready' ? categories.state.data.map((category) => ({ value: category._id, label: category.categoryName })) : []),
  ];

  async function start(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError('');
    try {
      const count = await startCount({ categoryId: categoryId || null, note: note.trim(), ref });
      void navigate(countPaths(session.area).count(count._id));
    } catch (failure) {
      setError(errorMessage(failure, countStartFailed));
      setPending(false);
    }
  }

  return (
    <ScreenPanel className="count-start">
      <form className="count-start__form" onSubmit={start} noValidate>
        <SelectField id="count-category" label="Count" value={categoryId} onValueChange={setCategoryId} options={options} />
        <TextField id="count-note" label="Note" value={note} onValueChange={setNote} maxLength={200} autoComplete="off" />
        <SubmitButton pending={pending} pendingLabel="Starting…" block={false}>
          Start count
        </SubmitButton>
      </form>
      <FormAlert message={error} />
    </ScreenPanel>
  );
}
