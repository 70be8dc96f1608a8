import { CircleCheck, CircleX, Clock, Printer } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadStatus } from '@/components/data-table';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { ApiError } from '@/lib/api-client';
import { useServerData } from '@/lib/use-server-data';
import { cancelCardPayment, confirmCardPayment } from '../api/payments';
import { money } from '../invoices/format';
import { PrintCopy, Receipt } from '../invoices/receipt';
import { salesPaths } from '../invoices/sales-area';
import type { Invoice } from '@/types/invoice';
import { browser } from './browser';
import { paidByParts, PartsTakenBeforeCard } from './card-parts-text';
import { forgetPartsBeforeCard, partsBeforeCard } from './parts-before-card';
import { recordCardPaid } from '../local/card-paid';
import { useTillData } from '../local/till-data-context';
import { useTillStore } from '@/stores/till-store';
import './payment-pages.css';
import { type ShopSession, useShopSession } from '@/features/auth';

type Confirmation = { paid: true; invoice: Invoice } | { paid: false; message: string };

/** Stripe not (yet) saying "paid" is an answer to show with a retry, not a failure to toast. */
async function confirm(invoiceId: string, signal: AbortSignal): Promise<Confirmation> {
  try {
    return { paid: true, invoice: await confirmCardPayment(invoiceId, signal) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { paid: false, message: error.message };
    throw error;
  }
}

/**
 * /admin|staff/payment/success?invoice={id}: Stripe's checkout sends the browser
 * here. The server asks Stripe (it never trusts this page's word) and marks the invoice paid
 * only when Stripe says so; until then the page says so and offers to check again.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const invoiceId = params.get('invoice') ?? '';
  const session = useShopSession();
  const load = useCallback((signal: AbortSignal) => confirm(invoiceId, signal), [invoiceId]);
  const { state, reload } = useServerData<Confirmation>(invoiceId ? load : null, messages.paymentFailed);
  const till = useTillData();
  const confirmed = state.status === 'ready' && state.data.paid ? state.data.invoice : null;
  useEffect(() => {
    if (!till || !confirmed) return;
    void recordCardPaid(till, confirmed).then((held) => {
      // The cart the card paid for is finished: the till starts the next sale afresh.
      if (held && useTillStore.getState().invoice === confirmed.ref) useTillStore.getState().setInvoice(null);
    });
  }, [till, confirmed]);
  // Paid: the parts taken before the card are the sale's now, listed by the server.
  useEffect(() => {
    if (confirmed) forgetPartsBeforeCard(invoiceId);
  }, [confirmed, invoiceId]);

  if (!invoiceId) return <NoInvoice session={session} title="Card payment" />;
  if (state.status !== 'ready') {
    return (
      <ReturnScreen title="Card payment" session={session}>
        <LoadStatus
          state={
            state.status === 'error'
              ? { status: 'error', message: state.message, onRetry: reload }
              : { status: 'loading', label: 'Confirming the payment with Stripe…' }
          }
        />
      </ReturnScreen>
    );
  }
  const outcome = state.data;
  if (!outcome.paid) {
    return (
      <ReturnScreen title="Payment not confirmed" session={session}>
        <Outcome icon={<Clock aria-hidden="true" />} tone="waiting" heading="Payment not confirmed yet">
          <p>{outcome.message}</p>
          <p>The order stays open until Stripe confirms the payment.</p>
          <button type="button" className="button button--primary" onClick={reload}>
            Check again
          </button>
        </Outcome>
      </ReturnScreen>
    );
  }
  const { invoice } = outcome;
  return (
    <ReturnScreen title="Card payment" session={session}>
      <Outcome icon={<CircleCheck aria-hidden="true" />} tone="done" heading={messages.paymentSuccessful}>
        <p>
          {invoice.tenders && invoice.tenders.length > 1
            ? `${invoice.invoiceNumber} is paid: ${paidByParts(invoice.tenders, session.currencyCode)}.`
            : `${invoice.invoiceNumber} is paid by card: ${money(invoice.totalAmount, session.currencyCode)}.`}
        </p>
        <div className="payment-page__actions">
          <button type="button" className="button button--secondary" onClick={browser.print}>
            <Printer aria-hidden="true" />
            Print
          </button>
          <Link to={salesPaths.invoice(session.area, invoice._id)} className="button button--secondary">
            View invoice
          </Link>
        </div>
      </Outcome>
      <PrintCopy>
        <Receipt invoice={invoice} shopName={session.shopName} currencyCode={session.currencyCode} timeZone={session.timeZone} />
      </PrintCopy>
    </ReturnScreen>
  );
}

/**
 * /admin|staff/payment/cancel?invoice={id}: the customer left Stripe's checkout.
 * The attempt is marked failed; nothing was charged and the order is still open to pay again.
 * When the card was to pay what parts taken at the counter left, the page says what was taken,
 * then forgets them.
 */
export function PaymentCancelPage() {
  const [params] = useSearchParams();
  const invoiceId = params.get('invoice') ?? '';
  const session = useShopSession();
  const load = useCallback((signal: AbortSignal) => cancelCardPayment(invoiceId, signal), [invoiceId]);
  const { state, reload } = useServerData<Invoice>(invoiceId ? load : null, messages.paymentFailed);
  // Read once: the page keeps saying them after they are forgotten.
  const [counterParts] = useState(() => (invoiceId ? partsBeforeCard(invoiceId) : []));
  const cancelled = state.status === 'ready';
  useEffect(() => {
    if (cancelled) forgetPartsBeforeCard(invoiceId);
  }, [cancelled, invoiceId]);

  if (!invoiceId) return <NoInvoice session={session} title="Card payment cancelled" />;
  if (state.status !== 'ready') {
    return (
      <ReturnScreen title="Card payment cancelled" session={session}>
        <LoadStatus
          state={
            state.status === 'error'
              ? { status: 'error', message: state.message, onRetry: reload }
              : { status: 'loading', label: 'Cancelling the card payment…' }
          }
        />
      </ReturnScreen>
    );
  }
  const invoice = state.data;
  const stillOpen = invoice.status === 'active' || invoice.status === 'saved';
  return (
    <ReturnScreen title="Card payment cancelled" session={session}>
      <Outcome icon={<CircleX aria-hidden="true" />} tone="cancelled" heading="The card payment was cancelled">
        <p>
          {stillOpen
            ? `Nothing was charged. ${invoice.invoiceNumber} is still open (${money(invoice.totalAmount, session.currencyCode)}): pay it again from open orders.`
            : `${invoice.invoiceNumber} is already ${invoice.status}.`}
        </p>
        {stillOpen && <PartsTakenBeforeCard parts={counterParts} currencyCode={session.currencyCode} />}
        {stillOpen && (
          <Link to={salesPaths.openOrder(session.area, invoice._id)} className="button button--primary">
            Open the order
          </Link>
        )}
      </Outcome>
    </ReturnScreen>
  );
}

function ReturnScreen({ title, session, children }: { title: string; session: ShopSession; children: ReactNode }) {
  return (
    <Screen
      title={title}
      width="narrow"
      tools={
        <Link to={salesPaths.openOrders(session.area)} className="button button--secondary">
          Back to open orders
        </Link>
      }
    >
      <ScreenPanel>{children}</ScreenPanel>
    </Screen>
  );
}

function Outcome({ icon, tone, heading, children }: { icon: ReactNode; tone: string; heading: string; children: ReactNode }) {
  return (
    <div className={`payment-page payment-page--${tone}`} role="status">
      <span className="payment-page__icon">{icon}</span>
      <h2 className="payment-page__heading">{heading}</h2>
      {children}
    </div>
  );
}

function NoInvoice({ session, title }: { session: ShopSession; title: string }) {
  return (
    <ReturnScreen title={title} session={session}>
      <LoadStatus state={{ status: 'empty', message: 'This link names no invoice. Open the order from open orders.' }} />
    </ReturnScreen>
  );
}
