import { ArrowLeft, UserX } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmailText, LoadStatus } from '@/components/data-table';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { findCustomerWithInvoices, type CustomerWithInvoices } from '../api/customers-api';
import { CustomerInvoicesTable } from '../components/customer-invoices-table';
import { StoreCreditPanel } from '../components/store-credit-panel';
import { money, twoDecimals } from '../format';
import { customerPaths } from '../shop-area';
import { useShopSession } from '@/features/auth';
import { topUpInShift, useTillData } from '@/features/sales';
import { useAuthStore } from '@/stores/auth-store';
import '../components/customers.css';

/**
 * /admin/customer/view/invoice/{id} (and the staff's): one customer's details and
 * invoices. A customer the shop does not have (deleted, mistyped link) is a plain "not found",
 * not a failure; any other failure toasts SPEC's "Failed to fetch customer invoice" (or the
 * server's message) and offers a retry. Their store credit is listed with its ledger, and any
 * signed-in user may top it up; a cash top-up on a till with a shift open goes into its drawer.
 */
export function CustomerInvoicesPage() {
  const { id = '' } = useParams();
  const session = useShopSession();
  const till = useTillData();
  const user = useAuthStore((state) => (session.area === 'staff' ? state.staffData : state.adminData));
  const load = useCallback((signal: AbortSignal) => findCustomerWithInvoices(id, signal), [id]);
  const { state, reload } = useServerData<CustomerWithInvoices | null>(load, messages.customerInvoicesFailed);
  const back = (
    <Link to={customerPaths.list(session.area)}>
      <ArrowLeft aria-hidden="true" />
      Customers
    </Link>
  );

  if (state.status !== 'ready') {
    return (
      <Screen title="Customer invoices" back={back}>
        <ScreenPanel>
          <LoadStatus
            state={
              state.status === 'error'
                ? { status: 'error', message: state.message, onRetry: reload }
                : { status: 'loading', label: 'Loading the customer…' }
            }
          />
        </ScreenPanel>
      </Screen>
    );
  }

  const customer = state.data;
  if (!customer) {
    return (
      <Screen title="Customer not found" back={back}>
        <ScreenPanel>
          <div className="data-table__status">
            <UserX aria-hidden="true" />
            <span>This shop has no such customer. They may have been deleted, or the link is wrong.</span>
          </div>
        </ScreenPanel>
      </Screen>
    );
  }

  const details: [string, ReactNode][] = [
    ['Name', customer.customerName],
    ['Phone', customer.phoneNumber],
    ['Email', customer.email ? <EmailText email={customer.email} /> : '—'],
    ['Loyalty points', twoDecimals(customer.loyalityPoint)],
    ['Point amount', money(customer.pointAmount, session.currencyCode)],
  ];
  const count = customer.invoices.length;
  return (
    <Screen
      title={customer.customerName}
      description={`${count} ${count === 1 ? 'invoice' : 'invoices'}`}
      back={back}
    >
      <ScreenPanel>
        <dl className="customer-details" aria-label="Customer details">
          {details.map(([term, value]) => (
            <div key={term} className="customer-details__item">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </ScreenPanel>
      <h2 className="customer-section-title">Invoices</h2>
      <CustomerInvoicesTable invoices={customer.invoices} currencyCode={session.currencyCode} timeZone={session.timeZone} />
      <h2 className="customer-section-title">Store credit</h2>
      <StoreCreditPanel
        customer={customer}
        currencyCode={session.currencyCode}
        timeZone={session.timeZone}
        sendInShift={(topUp, send) => topUpInShift(till, { ...topUp, customerName: customer.customerName, by: user?.userName ?? '' }, send)}
      />
    </Screen>
  );
}
