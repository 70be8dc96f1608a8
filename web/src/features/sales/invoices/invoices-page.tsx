import { FilePlus } from 'lucide-react';
import { useCallback, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Screen } from '../../../components/screen';
import { SearchBox } from '../../../components/search-box';
import { messages } from '../../../config/messages';
import { useScreenSearch } from '../../../lib/use-screen-search';
import { useServerData } from '../../../lib/use-server-data';
import { listInvoices, type InvoiceListStatus } from '../api/invoice-records';
import type { Invoice } from '../types';
import { InvoicesTable, matchingInvoices, tabNames } from './invoices-table';
import { salesPaths, useSalesSession } from './sales-area';

const tabs: InvoiceListStatus[] = ['paid', 'refunded', 'custom'];

const statusFrom = (value: string | null): InvoiceListStatus =>
  tabs.includes(value as InvoiceListStatus) ? (value as InvoiceListStatus) : 'paid';

/**
 * SPEC part 2, /admin/invoices: the shop's invoices under the tabs Paid (the default, SPEC part
 * 9), Refunded and Custom, each fetched by its status, searched by number, customer or staff.
 * The tab is kept in the address (?status=) so going back returns to it.
 */
export function InvoicesPage() {
  const session = useSalesSession();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const [searchText, setSearchText] = useScreenSearch();
  const load = useCallback((signal: AbortSignal) => listInvoices(status, signal), [status]);
  const invoices = useServerData<Invoice[]>(load, messages.invoiceFetchFailed);

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
  if (invoices.state.status === 'ready') {
    const total = invoices.state.data.length;
    const count = `${total} ${total === 1 ? 'invoice' : 'invoices'}`;
    description = searchText.trim() ? `${matchingInvoices(invoices.state.data, searchText).length} of ${count}` : count;
  }

  return (
    <Screen
      title="Invoices"
      description={description}
      tools={
        <>
          <SearchBox label="Search invoices" placeholder="Number, customer or staff" value={searchText} onValueChange={setSearchText} />
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
        <InvoicesTable status={status} invoices={invoices.state} onRetry={invoices.reload} searchText={searchText} session={session} />
      </div>
    </Screen>
  );
}
