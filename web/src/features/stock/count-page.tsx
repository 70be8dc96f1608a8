import { useCallback, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, LoadStatus, type DataTableColumn } from '@/components/data-table';
import { SelectField } from '@/components/form';
import { Screen } from '@/components/screen';
import { useShopSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/money-text';
import { notify } from '@/lib/notify';
import { useServerData } from '@/lib/use-server-data';
import { useBackOfficeCore, useTillData, type TillData } from '@/features/sales';
import {
  cancelCount, countCancelFailed, countFetchFailed, countPostFailed, getCount, postCount, type StockCount,
} from './api/counts-api';
import { CountEntry } from './count-entry';
import { countFilterOptions, filterCountLines, type CountFilter } from './count-lines';
import { CountGrantNeeded, countPaths, countStatusLabels } from './count-paths';
import { unsentCountEntries } from './offline-stock';
import { QueuedNotice } from './offline-notices';
import './count.css';

/** /admin/stock/counts/:id: one count, entered by scanning while open, then posted or cancelled. */
export function CountPage() {
  const session = useShopSession();
  const id = useParams().id ?? '';
  const allowed = session.can('stock_count');
  const load = useCallback((signal: AbortSignal) => getCount(id, signal), [id]);
  const loaded = useServerData(allowed ? load : null, countFetchFailed);
  if (!allowed) return <CountGrantNeeded />;
  const back = <Link to={countPaths(session.area).list}>← Counts</Link>;
  if (loaded.state.status !== 'ready') {
    return (
      <Screen title="Stock count" back={back}>
        <LoadStatus
          state={
            loaded.state.status === 'error'
              ? { status: 'error', message: loaded.state.message, onRetry: loaded.reload }
              : { status: 'loading', label: 'Loading count…' }
          }
        />
      </Screen>
    );
  }
  return <CountScreen count={loaded.state.data} onChange={(count) => loaded.update(() => count)} back={back} />;
}

const columns: DataTableColumn[] = [
  { id: 'product', header: 'Product' },
  { id: 'expected', header: 'Expected', className: 'count-number' },
  { id: 'counted', header: 'Counted', className: 'count-number' },
  { id: 'difference', header: 'Difference', className: 'count-number' },
  { id: 'value', header: 'Cost value', className: 'count-number' },
];

type Closing = 'post' | 'cancel' | null;

function CountScreen({ count, onChange, back }: { count: StockCount; onChange: (count: StockCount) => void; back: ReactNode }) {
  const session = useShopSession();
  // Core checks each typed quantity before it is sent.
  const coreReady = useBackOfficeCore();
  const [filter, setFilter] = useState<CountFilter>('all');
  const [closing, setClosing] = useState<Closing>(null);
  const [pending, setPending] = useState(false);
  const till = useTillData();
  const [queuedHere, setQueuedHere] = useState(0);
  const { summary } = count;
  const open = count.status === 'open';
  const shown = filterCountLines(count.lines, filter);
  const cost = (value: number) => money(value, session.currencyCode);
  const changing = summary.linesDifferent;

  async function close(action: 'post' | 'cancel') {
    setPending(true);
    try {
      if (action === 'post' && till && !(await sentBeforePosting(till.db, till.engine, count._id))) return;
      const answer = action === 'post' ? await postCount(count._id) : await cancelCount(count._id);
      onChange(answer);
      notify.success(action === 'post' ? 'Count posted' : 'Count cancelled');
    } catch (error) {
      notify.error(errorMessage(error, action === 'post' ? countPostFailed : countCancelFailed));
    } finally {
      setPending(false);
      setClosing(null);
    }
  }

  return (
    <Screen
      title={`Stock count: ${count.categoryName ?? 'all products'}`}
      description={
        <>
          <span className={`count-status count-status--${count.status}`}>{countStatusLabels[count.status]}</span> Started by {count.startedBy}
          {count.note && ` — ${count.note}`}
        </>
      }
      back={back}
      tools={
        open && (
          <div className="count-tools">
            <button type="button" className="button button--secondary" onClick={() => setClosing('cancel')}>
              Cancel count
            </button>
            <button type="button" className="button button--primary" onClick={() => setClosing('post')}>
              Post count
            </button>
          </div>
        )
      }
    >
      <dl className="count-summary" aria-label="Count summary">
        <div>
          <dt>Counted</dt>
          <dd>{`${summary.linesCounted} of ${count.lines.length}`}</dd>
        </div>
        <div>
          <dt>Different</dt>
          <dd>{summary.linesDifferent}</dd>
        </div>
        <div>
          <dt>Short</dt>
          <dd className="count-summary__short">{cost(summary.shortCostValue)}</dd>
        </div>
        <div>
          <dt>Over</dt>
          <dd>{cost(summary.overCostValue)}</dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd>{cost(summary.netCostValue)}</dd>
        </div>
      </dl>
      {queuedHere > 0 && <QueuedNotice what={queuedHere === 1 ? 'a counted line' : `${queuedHere} counted lines`} many={queuedHere > 1} />}
      {open && coreReady && (
        <CountEntry
          count={count}
          onCounted={(next, queued) => {
            onChange(next);
            if (queued) setQueuedHere((number) => number + 1);
          }}
        />
      )}
      <div className="count-filter">
        <SelectField id="count-filter" label="Show" value={filter} onValueChange={(value) => setFilter(value as CountFilter)} options={countFilterOptions} />
      </div>
      <DataTable label="Count lines" columns={columns} state={{ status: 'ready' }} rowCount={shown.length} empty="No products here">
        {shown.map((line) => (
          <tr key={line.productId} className="data-table__row">
            <td>
              <span className="count-product">{line.productName}</span>
              {line.barcode && <span className="count-product__code">{line.barcode}</span>}
            </td>
            <td className="count-number">{`${line.expected} ${line.unit}`}</td>
            <td className="count-number">{line.counted === null ? '—' : `${line.counted} ${line.unit}`}</td>
            <td className={`count-number${line.difference !== null && line.difference < 0 ? ' count-number--short' : ''}`}>
              {line.difference === null ? '—' : line.difference > 0 ? `+${line.difference}` : String(line.difference)}
            </td>
            <td className="count-number">{line.costValue === null ? '—' : cost(line.costValue)}</td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={closing === 'post'}
        message="Post this count?"
        detail={`${changing} ${changing === 1 ? 'product' : 'products'} will change stock, net value ${cost(summary.netCostValue)} at cost. Products not counted stay as they are.`}
        confirmLabel="Post count"
        busy={pending}
        busyLabel="Posting…"
        onConfirm={() => void close('post')}
        onCancel={() => setClosing(null)}
      />
      <ConfirmDialog
        open={closing === 'cancel'}
        message="Cancel this count?"
        detail="No stock moves and what was counted is set aside. This cannot be undone."
        confirmLabel="Cancel count"
        cancelLabel="Keep counting"
        tone="danger"
        busy={pending}
        busyLabel="Cancelling…"
        onConfirm={() => void close('cancel')}
        onCancel={() => setClosing(null)}
      />
    </Screen>
  );
}

/**
 * A count is posted from what the server has: lines still queued on this device are sent first,
 * and while any is left the count is not posted (it says so).
 */
async function sentBeforePosting(db: TillData['db'], engine: TillData['engine'], countId: string): Promise<boolean> {
  if ((await unsentCountEntries(db, countId)) === 0) return true;
  await engine.drain({ ignoreBackoff: true }).catch(() => undefined);
  const left = await unsentCountEntries(db, countId);
  if (left === 0) return true;
  notify.error(`${left === 1 ? 'A counted line is' : `${left} counted lines are`} still waiting to be sent: post the count once the connection returns.`);
  return false;
}
