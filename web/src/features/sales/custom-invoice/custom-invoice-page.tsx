import { Pencil, Printer } from 'lucide-react';
import { useCallback, useState } from 'react';
import { LoadStatus } from '@/components/data-table';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { listPricedChoices, setCustomInvoiceCustomer, type PricedChoice } from '../api/custom-invoices';
import { customDetailsOf } from '../invoices/format';
import { PrintCopy, Receipt } from '../invoices/receipt';
import { useBackOfficeCore } from '../invoices/use-back-office-core';
import { browser } from '../payment/browser';
import type { CustomerDetailsCustom, Invoice } from '@/types/invoice';
import { CustomerDetailsForm } from './customer-details-form';
import { CustomInvoiceTable } from './custom-invoice-table';
import { useCustomInvoice, type InvoiceChange } from './use-custom-invoice';
import './custom-invoice.css';
import { useShopSession } from '@/features/auth';

/**
 * /admin/custom/invoice: a priced document for a typed-in customer. Its customer's
 * details come first; then lines are added from the shop's products, priced as the till prices
 * them; a print icon prints it. The invoice (and its number) is created by the first change
 * saved, not by opening the screen; leaving with no lines deletes it.
 */
export function CustomInvoicePage() {
  const { invoice, change } = useCustomInvoice();
  const session = useShopSession();
  const printable = invoice !== null && customDetailsOf(invoice) !== null;

  return (
    <Screen
      title="Custom invoice"
      description={invoice ? invoice.invoiceNumber : 'A priced invoice for any customer, never paid at the till. It is numbered when its details are saved.'}
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
      <CustomInvoiceEditor invoice={invoice} change={change} />
      {invoice && printable && (
        <PrintCopy>
          <Receipt invoice={invoice} shopName={session.shopName} currencyCode={session.currencyCode} timeZone={session.timeZone} />
        </PrintCopy>
      )}
    </Screen>
  );
}

interface EditorProps {
  invoice: Invoice | null;
  change: (send: InvoiceChange) => Promise<Invoice>;
}

function CustomInvoiceEditor({ invoice, change }: EditorProps) {
  const [editingDetails, setEditingDetails] = useState(false);
  const details = invoice ? customDetailsOf(invoice) : null;
  const save = useCallback(
    (typed: CustomerDetailsCustom) => change((id) => setCustomInvoiceCustomer(id, typed)),
    [change],
  );

  if (!invoice || !details || editingDetails) {
    return (
      <ScreenPanel>
        <CustomerDetailsForm
          details={details}
          save={save}
          onSaved={() => setEditingDetails(false)}
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
        <CustomLines invoice={invoice} change={change} />
      </ScreenPanel>
    </>
  );
}

function CustomLines({ invoice, change }: EditorProps & { invoice: Invoice }) {
  const coreReady = useBackOfficeCore();
  const load = useCallback((signal: AbortSignal) => listPricedChoices(signal), []);
  const products = useServerData<PricedChoice[]>(load, messages.productsLoadFailed);
  return (
    <>
      {products.state.status === 'error' && <LoadStatus state={{ status: 'error', message: products.state.message, onRetry: products.reload }} />}
      <CustomInvoiceTable
        invoice={invoice}
        change={change}
        products={products.state.status === 'ready' ? products.state.data : []}
        coreReady={coreReady}
      />
    </>
  );
}
