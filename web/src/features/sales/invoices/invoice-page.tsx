import { ArrowLeft, FileX, Printer } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { LoadStatus } from '@/components/data-table';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { findInvoice } from '../api/invoice-records';
import { browser } from '../payment/browser';
import type { Invoice } from '@/types/invoice';
import { statusName } from './format';
import { InvoiceTenders } from './invoice-tenders';
import { PrintCopy, Receipt } from './receipt';
import { RefundPanel } from './refund-panel';
import { salesPaths } from './sales-area';
import { useBackOfficeCore } from './use-back-office-core';
import './invoices.css';
import './refund-panel.css';
import { type ShopSession, useShopSession } from '@/features/auth';

/**
 * /admin|staff/invoice/data/{id}: one invoice as its receipt, with Print, and the parts it was
 * paid by with what was refunded of each. A shop
 * admin also refunds a paid invoice here (by amount or by lines); a staff member sees no refund
 * controls (the server refuses them too).
 */
export function InvoicePage() {
  const { id = '' } = useParams();
  const session = useShopSession();
  const coreReady = useBackOfficeCore();
  const load = useCallback((signal: AbortSignal) => findInvoice(id, signal), [id]);
  const { state, reload, update } = useServerData<Invoice | null>(load, messages.invoiceFetchFailed);
  const back = <BackLink session={session} />;

  if (state.status !== 'ready') {
    return (
      <Screen title="Invoice" back={back}>
        <ScreenPanel>
          <LoadStatus
            state={
              state.status === 'error'
                ? { status: 'error', message: state.message, onRetry: reload }
                : { status: 'loading', label: 'Loading the invoice…' }
            }
          />
        </ScreenPanel>
      </Screen>
    );
  }
  const invoice = state.data;
  if (!invoice) {
    return (
      <Screen title="Invoice not found" back={back}>
        <ScreenPanel>
          <div className="data-table__status">
            <FileX aria-hidden="true" />
            <span>This shop has no such invoice. The link may be wrong.</span>
          </div>
        </ScreenPanel>
      </Screen>
    );
  }

  const refundable = session.isAdmin && (invoice.status === 'paid' || invoice.status === 'refunded');
  const receipt = (
    <Receipt invoice={invoice} shopName={session.shopName} currencyCode={session.currencyCode} timeZone={session.timeZone} />
  );
  return (
    <Screen
      title={`Invoice ${invoice.invoiceNumber}`}
      description={invoice.receiptNumber ? `${statusName(invoice.status)} · Receipt ${invoice.receiptNumber}` : statusName(invoice.status)}
      back={back}
      tools={
        <button type="button" className="button button--secondary" onClick={browser.print}>
          <Printer aria-hidden="true" />
          Print
        </button>
      }
    >
      <div className={refundable ? 'invoice-detail invoice-detail--with-refunds' : 'invoice-detail'}>
        <ScreenPanel>
          {receipt}
          <InvoiceTenders invoice={invoice} currencyCode={session.currencyCode} />
        </ScreenPanel>
        {refundable && (
          <RefundPanel
            invoice={invoice}
            currencyCode={session.currencyCode}
            coreReady={coreReady}
            onRefunded={(refunded) => update(() => refunded)}
          />
        )}
      </div>
      <PrintCopy>{receipt}</PrintCopy>
    </Screen>
  );
}

/** The admin came from the invoices list; a staff member (who has none) from open orders. */
function BackLink({ session }: { session: ShopSession }) {
  const admin = session.area === 'admin';
  return (
    <Link to={admin ? salesPaths.invoices() : salesPaths.openOrders(session.area)}>
      <ArrowLeft aria-hidden="true" />
      {admin ? 'Invoices' : 'Open orders'}
    </Link>
  );
}
