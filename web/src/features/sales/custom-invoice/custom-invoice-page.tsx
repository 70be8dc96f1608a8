import { Pencil, Printer } from 'lucide-react';
import { useCallback, useState } from 'react';
import { LoadStatus } from '../../../components/data-table';
import { Screen, ScreenPanel } from '../../../components/screen';
import { messages } from '../../../config/messages';
import { useServerData } from '../../../lib/use-server-data';
import { listProductChoices, type ProductChoice } from '../api/custom-invoices';
import { customDetailsOf } from '../invoices/format';
import { PrintCopy, Receipt } from '../invoices/receipt';
import { useSalesSession } from '../invoices/sales-area';
import { useBackOfficeCore } from '../invoices/use-back-office-core';
import { browser } from '../payment/browser';
import type { Invoice } from '../types';
import { CustomerDetailsForm } from './customer-details-form';
import { CustomInvoiceTable } from './custom-invoice-table';
import { useCustomInvoice } from './use-custom-invoice';
import './custom-invoice.css';

/**
 * SPEC part 2, /admin/custom/invoice: a priced document for a typed-in customer. Opening the
 * screen creates the invoice; its customer's details come first; then lines are added from
 * the shop's products; a print icon prints it. Leaving with no lines deletes it (SPEC part 4).
 */
export function CustomInvoicePage() {
  const { state, setInvoice, retry } = useCustomInvoice();
  const session = useSalesSession();
  const invoice = state.status === 'ready' ? state.invoice : null;
  const printable = invoice !== null && customDetailsOf(invoice) !== null;

  return (
    <Screen
      title="Custom invoice"
      description={invoice ? invoice.invoiceNumber : 'A priced invoice for any customer, never paid at the till.'}
      tools={
        <button
          type="button"
          className="button button--secondary"
          aria-label="Print custom invoice"
          title="Print custom invoice"
          disabled={!printable}
          onClick={browser.print}
        >
          <Printer aria-hidden="true" />
          Print
        </button>
      }
    >
      {state.status === 'ready' ? (
        <CustomInvoiceEditor invoice={state.invoice} onInvoice={setInvoice} />
      ) : (
        <ScreenPanel>
          <LoadStatus
            state={
              state.status === 'failed'
                ? { status: 'error', message: state.message, onRetry: retry }
                : { status: 'loading', label: 'Creating the invoice…' }
            }
          />
        </ScreenPanel>
      )}
      {invoice && printable && (
        <PrintCopy>
          <Receipt invoice={invoice} shopName={session.shopName} currencyCode={session.currencyCode} timeZone={session.timeZone} />
        </PrintCopy>
      )}
    </Screen>
  );
}

function CustomInvoiceEditor({ invoice, onInvoice }: { invoice: Invoice; onInvoice: (invoice: Invoice) => void }) {
  const [editingDetails, setEditingDetails] = useState(false);
  const details = customDetailsOf(invoice);

  if (!details || editingDetails) {
    return (
      <ScreenPanel>
        <CustomerDetailsForm
          invoice={invoice}
          onSaved={(saved) => {
            onInvoice(saved);
            setEditingDetails(false);
          }}
          onCancel={details ? () => setEditingDetails(false) : undefined}
        />
      </ScreenPanel>
    );
  }
  return (
    <>
      <ScreenPanel className="custom-customer">
        <dl className="custom-customer__details" aria-label="Customer details">
          <div>
            <dt>Customer</dt>
            <dd>{details.userName}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{details.phoneNumber}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{details.email || '—'}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{details.address || '—'}</dd>
          </div>
        </dl>
        <button type="button" className="button button--secondary button--small" onClick={() => setEditingDetails(true)}>
          <Pencil aria-hidden="true" />
          Change
        </button>
      </ScreenPanel>
      <ScreenPanel>
        <CustomLines invoice={invoice} onInvoice={onInvoice} />
      </ScreenPanel>
    </>
  );
}

function CustomLines({ invoice, onInvoice }: { invoice: Invoice; onInvoice: (invoice: Invoice) => void }) {
  const coreReady = useBackOfficeCore();
  const load = useCallback((signal: AbortSignal) => listProductChoices(signal), []);
  const products = useServerData<ProductChoice[]>(load, messages.productsLoadFailed);
  return (
    <>
      {products.state.status === 'error' && <LoadStatus state={{ status: 'error', message: products.state.message, onRetry: products.reload }} />}
      <CustomInvoiceTable
        invoice={invoice}
        onInvoice={onInvoice}
        products={products.state.status === 'ready' ? products.state.data : []}
        coreReady={coreReady}
      />
    </>
  );
}
