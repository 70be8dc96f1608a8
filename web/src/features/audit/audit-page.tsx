import { Download } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { SelectField } from '@/components/form';
import { LoadMore } from '@/components/load-more';
import { Screen } from '@/components/screen';
import { useShopsStore } from '@/features/management';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useServerData } from '@/lib/use-server-data';
import { useAuthStore } from '@/stores/auth-store';
import { useSelectedShopStore } from '@/stores/selected-shop-store';
import {
  auditDownloadFailed, auditListPath, auditPeopleFailed, downloadAuditCsv, listAuditPeople, type AuditQuery, type AuditScope,
} from './audit-api';
import { eventWords } from './audit-events';
import { AuditFilterBar, type PersonOption } from './audit-filter-bar';
import { checkAuditFilters, emptyAuditQuery } from './audit-filters';
import { auditTime } from './audit-time';
import { saveFile } from './save-file';
import { useAuditPages } from './use-audit-pages';
import './audit.css';

function columnsFor(withShop: boolean): DataTableColumn[] {
  return [
    { id: 'time', header: 'Time' },
    ...(withShop ? [{ id: 'shop', header: 'Shop' }] : []),
    { id: 'who', header: 'Who' },
    { id: 'event', header: 'Event' },
    { id: 'subject', header: 'Subject', className: 'data-table__nowrap' },
    { id: 'detail', header: 'Detail' },
  ];
}

interface AuditScreenProps {
  scope: AuditScope;
  /** The people to filter by. */
  people: PersonOption[];
  /** Beside the filters: the super admin's shop choice. */
  shopChoice?: ReactNode;
}

/**
 * The audit trail (docs/api-audit.md): who did what to money and stock, and who signed in,
 * newest first, each time in its shop's zone, filtered on the server, with "Load more" and the
 * same rows as a CSV file.
 */
function AuditScreen({ scope, people, shopChoice }: AuditScreenProps) {
  const [draft, setDraft] = useState<AuditQuery>(emptyAuditQuery);
  const { applied, errors } = checkAuditFilters(draft);
  const path = auditListPath(scope, applied);
  const { pages, retry, loadMore, loadingMore } = useAuditPages(path);
  const [downloading, setDownloading] = useState(false);
  const rows = pages.status === 'ready' ? pages.data.rows : [];
  const withShop = scope.kind === 'super-admin' && !scope.shopId;
  const tableState =
    pages.status === 'ready'
      ? { status: 'ready' as const }
      : pages.status === 'error'
        ? { status: 'error' as const, message: pages.message, onRetry: retry }
        : { status: 'loading' as const, label: 'Loading the audit trail…' };

  const download = () => {
    setDownloading(true);
    downloadAuditCsv(scope, applied)
      .then((file) => saveFile(file.fileName, file.text, file.type))
      .catch((error: unknown) => notify.error(errorMessage(error, auditDownloadFailed)))
      .finally(() => setDownloading(false));
  };

  let description = 'Refunds, voided lines, deleted orders, price changes, cash and shifts, permissions and sign-ins, newest first.';
  if (pages.status === 'ready' && rows.length > 0) {
    const count = `${rows.length} ${rows.length === 1 ? 'entry' : 'entries'}`;
    description = pages.data.next ? `The newest ${count}; Load more shows older ones.` : count;
  }

  return (
    <Screen
      title="Audit trail"
      description={description}
      tools={
        <button type="button" className="button button--secondary" onClick={download} disabled={downloading} aria-busy={downloading}>
          <Download aria-hidden="true" />
          {downloading ? 'Downloading…' : 'Download CSV'}
        </button>
      }
    >
      <div className="audit-bar">
        {shopChoice}
        <AuditFilterBar draft={draft} errors={errors} onChange={setDraft} people={people} />
      </div>
      <DataTable label="Audit trail" columns={columnsFor(withShop)} state={tableState} rowCount={rows.length} empty="Nothing recorded for these filters">
        {rows.map((row) => (
          <tr key={row._id} className="data-table__row">
            <td className="audit-time">{auditTime(row.at, row.timeZone)}</td>
            {withShop && <td className="audit-shop-name">{row.shopName || '—'}</td>}
            <td className="audit-who">
              {row.userName || '—'}
              {row.deviceCode && <span className="audit-device">Till {row.deviceCode}</span>}
            </td>
            <td className="audit-event">{eventWords(row.event)}</td>
            <td className="audit-subject">{subjectParts(row.subject)}</td>
            <td className="audit-detail">{row.detail}</td>
          </tr>
        ))}
      </DataTable>
      {pages.status === 'ready' && pages.data.next && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
    </Screen>
  );
}

/** "invoice INV-000012": the kind, then the name kept on one line (a number never breaks at its dash). */
function subjectParts(subject: string): ReactNode {
  if (!subject) return '—';
  const space = subject.indexOf(' ');
  if (space < 0) return <span className="audit-subject__name">{subject}</span>;
  return (
    <>
      {subject.slice(0, space)} <span className="audit-subject__name">{subject.slice(space + 1)}</span>
    </>
  );
}

/** The people of `scope` as options, with `also` (the admin, who is not in the staff list) first. */
function usePeople(scope: AuditScope, also: PersonOption | null): PersonOption[] {
  const scopeKey = scope.kind === 'admin' ? 'admin' : scope.shopId;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope is named by its key
  const load = useCallback((signal: AbortSignal) => listAuditPeople(scope, signal), [scopeKey]);
  const { state } = useServerData(load, auditPeopleFailed);
  return useMemo(() => {
    const listed = state.status === 'ready' ? state.data.map((user) => ({ value: user._id, label: user.userName })) : [];
    return also && !listed.some((person) => person.value === also.value) ? [also, ...listed] : listed;
  }, [state, also]);
}

/** /admin/audit: the admin's own shop. */
export function AdminAuditPage() {
  const admin = useAuthStore((state) => state.adminData);
  const scope = useMemo<AuditScope>(() => ({ kind: 'admin' }), []);
  const self = useMemo(() => (admin ? { value: admin._id, label: admin.userName } : null), [admin]);
  const people = usePeople(scope, self);
  return <AuditScreen scope={scope} people={people} />;
}

/** /super/admin/audit: one shop (the bar's choice to begin with) or every shop. */
export function SuperAdminAuditPage() {
  const barShop = useSelectedShopStore((state) => state.selectedShopId);
  const { shops, status, load } = useShopsStore();
  const [shopId, setShopId] = useState(barShop);
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);
  const scope = useMemo<AuditScope>(() => ({ kind: 'super-admin', shopId }), [shopId]);
  const people = usePeople(scope, null);
  const options = [{ value: '', label: 'All shops' }, ...shops.map((shop) => ({ value: shop._id, label: shop.shopName }))];
  const shopChoice = (
    <div className="audit-shop">
      <SelectField id="audit-shop" label="Shop" value={shopId} onValueChange={setShopId} options={options} />
    </div>
  );
  return <AuditScreen key={shopId} scope={scope} people={people} shopChoice={shopChoice} />;
}
