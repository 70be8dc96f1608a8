import { FilePlus } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { Screen } from '@/components/screen';
import { SearchBox } from '@/components/search-box';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useScreenSearch } from '@/lib/use-screen-search';
import { invoiceListPath, type InvoiceListStatus } from '../api/invoice-records';
import { InvoiceFilterBar } from './invoice-filter-bar';
import { checkFilters, emptyDraft, hasFilters, type FilterDraft } from './invoice-filters';
import { InvoicesTable, tabNames } from './invoices-table';
import { salesPaths } from './sales-area';
import { useInvoicePages } from './use-invoice-pages';
import { useShopSession } from '@/features/auth';

const tabs: InvoiceListStatus[] = ['paid', 'refunded', 'custom'];

/** How long typing pauses before the list is asked for again. */
export const SEARCH_PAUSE_MS = 300;

const statusFrom = (value: string | null): InvoiceListStatus =>
  tabs.includes(value as InvoiceListStatus) ? (value as InvoiceListStatus) : 'paid';

/** The time each tab is ordered and filtered by. */
const dateLabels: Record<InvoiceListStatus, string> = { paid: 'Paid', refunded: 'Refunded', custom: 'Created' };

/**
 * /admin/invoices: the shop's invoices under the tabs Paid (the default),
 * Refunded and Custom, newest first, a page at a time with "Load more". The search box
 * (number, customer name or phone, staff) and the filters are sent to the server, so any sale
 * of the shop, however old, can be found. The tab is kept in the address (?status=) so going
 * back returns to it.
 */
export function InvoicesPage() {
  const session = useShopSession();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const [searchText, setSearchText] = useScreenSearch();
  const [draft, setDraft] = useState<FilterDraft>(emptyDraft);
  const { applied, errors } = checkFilters(draft);
  const typedPath = invoiceListPath(status, { ...applied, method: status === 'custom' ? '' : applied.method, search: searchText });
  const path = useDebouncedValue(typedPath, SEARCH_PAUSE_MS);
  const { pages, retry, loadMore, loadingMore } = useInvoicePages(path);
  const narrowed = searchText.trim() !== '' || hasFilters(draft);

  const choose = (tab: InvoiceListStatus) => setParams(tab === 'paid' ? {} : { status: tab }, { replace: true });
  function handleTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(status) + step + tabs.length) % tabs.length]!;
    choose(next);
    document.getElementById(`invoices-tab-${next}`)?.focus();
  }

  let description = 'Sales and custom invoices, newest first.';
  if (pages.status === 'ready') {
    const shown = pages.data.rows.length;
    const count = `${shown} ${narrowed ? 'matching ' : ''}${shown === 1 ? 'invoice' : 'invoices'}`;
    description = pages.data.next ? `The newest ${count}; Load more shows older ones.` : count;
  }

  return (
    <Screen
      title="Invoices"
      description={description}
      tools={
        <>
          <SearchBox label="Search invoices" placeholder="Number, customer, phone or staff" value={searchText} onValueChange={setSearchText} />
          <Link to={salesPaths.customInvoice()} className="button button--primary">
            <FilePlus aria-hidden="true" />
            Custom invoice
          </Link>
        </>
      }
    >
      <div className="invoices-tabs" role="tablist" aria-label="Invoice status" onKeyDown={handleTabKey}>
        {tabs.map((tab) => (
          <button
            key={tab}
            id={`invoices-tab-${tab}`}
            type="button"
            role="tab"
            className="invoices-tabs__tab"
            aria-selected={tab === status}
            aria-controls="invoices-tab-panel"
            tabIndex={tab === status ? 0 : -1}
            onClick={() => choose(tab)}
          >
            {tabNames[tab]}
          </button>
        ))}
      </div>
      <div id="invoices-tab-panel" role="tabpanel" aria-labelledby={`invoices-tab-${status}`} className="invoices-tab-panel">
        <InvoiceFilterBar draft={draft} errors={errors} onChange={setDraft} withMethod={status !== 'custom'} dateLabel={dateLabels[status]} />
        <InvoicesTable status={status} invoices={pages} onRetry={retry} narrowed={narrowed} session={session} />
        {pages.status === 'ready' && pages.data.next && <LoadMore onLoadMore={loadMore} loading={loadingMore} />}
      </div>
    </Screen>
  );
}
