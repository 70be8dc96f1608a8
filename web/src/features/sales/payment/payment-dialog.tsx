import { Banknote, CreditCard, Printer, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormAlert } from '@/components/form';
import { messages } from '@/config/messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { startCardPayment } from '../api/payments';
import { twoDecimals } from '../invoices/format';
import { PrintCopy, Receipt } from '../invoices/receipt';
import { useLocalInvoice, viewOf } from '../local/local-views';
import { cardInvoiceId, pay as payLocally } from '../local/payment-commands';
import { refusalMessage, TillRefusal } from '../local/till-data';
import { useTillData } from '../local/till-data-context';
import type { LocalInvoice } from '@/features/offline';
import type { CashTendered, Invoice } from '@/types/invoice';
import { isPositive } from '@/lib/decimal-text';
import { browser } from './browser';
import { CashReceived, cashTendered, DIALOG_CURRENCY } from './cash-received';
import { DialogFrame } from './dialog-frame';
import { useShopSession } from '@/features/auth';

export interface PaymentDialogProps {
  /** The till's local invoice (features/sales/local), as the screens show it. */
  invoice: LocalInvoice;
  /** Closes the dialog without paying. */
  onClose: () => void;
  /** After a payment (and the print question), with the paid invoice. */
  onDone: (paid: LocalInvoice) => void;
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * The payment dialog: "Total payable amount: MVR{total}", the tax, the cash received
 * with its balance, and Cash, Swipe, Pay (card) and Cancel. Cash and swipe are recorded in the
 * till's local data at once, offline too, and sent by the outbox. After them, "Proceed to
 * print?" with the change to give back (a cash sale with the amount received) and Print (the
 * receipt, with the invoice number or "Provisional 7F3A-0012" until the server has numbered it,
 * and the cash received and change) or Cancel; both end in `onDone`. Pay (card) needs the server's
 * invoice: online, once the outbox has sent it, the browser goes to Stripe's checkout; offline
 * it says "Card payment needs a connection".
 */
export function PaymentDialog({ invoice, onClose, onDone }: PaymentDialogProps) {
  const [paid, setPaid] = useState<{ invoice: LocalInvoice; cash: CashTendered | null } | null>(null);
  if (paid) return <PrintQuestion paid={paid.invoice} cash={paid.cash} onDone={() => onDone(paid.invoice)} />;
  return <PaymentChoice invoice={invoice} onClose={onClose} onPaid={(done, cash) => setPaid({ invoice: done, cash })} />;
}

type Busy = 'cash' | 'swipe' | 'card' | null;

interface PaymentChoiceProps {
  invoice: LocalInvoice;
  onClose: () => void;
  /** The sale is paid; with the cash handed over and the change, when paid in cash with enough received. */
  onPaid: (paid: LocalInvoice, cash: CashTendered | null) => void;
}

function PaymentChoice({ invoice, onClose, onPaid }: PaymentChoiceProps) {
  const data = useTillData();
  const [received, setReceived] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState('');
  const [cardUnavailable, setCardUnavailable] = useState('');
  const unavailableId = useId();

  async function pay(method: 'cash' | 'swipe') {
    if (busy) return;
    setBusy(method);
    setFailure('');
    try {
      if (!data) throw new TillRefusal(messages.paymentFailed);
      const paid = await payLocally(data, invoice.ref, method === 'cash' ? 'cash' : 'internal-device', { offline: !isOnline() });
      notify.success(messages.paymentSuccessful);
      onPaid(paid, method === 'cash' ? cashTendered(received, invoice.totalAmount) : null);
    } catch (error) {
      const message = refusalMessage(error, messages.paymentFailed);
      // A cash payment's failure is only logged, never toasted. The cashier still
      // has to know the sale is not recorded, so the dialog says it in place, without a toast.
      if (method === 'cash') console.error('Cash payment failed', error);
      else notify.error(message);
      setFailure(message);
      setBusy(null);
    }
  }

  async function payByCard() {
    if (busy || cardUnavailable) return;
    setBusy('card');
    setFailure('');
    try {
      if (!data) throw new TillRefusal(messages.paymentFailed);
      const serverId = await cardInvoiceId(data, invoice.ref, isOnline());
      const { session } = await startCardPayment(serverId);
      if (!session?.url) throw new ApiError(502, messages.paymentFailed);
      // The browser leaves for Stripe; the dialog stays busy until it has gone.
      browser.goTo(session.url);
    } catch (error) {
      const message = error instanceof TillRefusal ? error.message : errorMessage(error, messages.paymentFailed);
      notify.error(message);
      if (error instanceof ApiError && error.status === 503) setCardUnavailable(message);
      else setFailure(message);
      setBusy(null);
    }
  }

  // F9 pays cash and F7 by swipe (docs/till-keyboard.md), as the buttons do.
  const payKey = useRef(pay);
  useEffect(() => {
    payKey.current = pay;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const method = event.key === 'F9' ? 'cash' : event.key === 'F7' ? 'swipe' : null;
      if (!method || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      void payKey.current(method);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const lineCount = invoice.products.length;
  return (
    <DialogFrame
      title={`Total payable amount: ${DIALOG_CURRENCY}${twoDecimals(invoice.totalAmount)}`}
      onDismiss={onClose}
      busy={busy !== null}
    >
      <p className="payment-dialog__subtitle">
        {invoice.invoiceNumber} · {lineCount} {lineCount === 1 ? 'item' : 'items'}
        {invoice.customer ? ` · ${invoice.customer.customerName}` : ''}
      </p>
      <dl className="payment-dialog__summary">
        {isPositive(invoice.totalDiscount) && (
          <div>
            <dt>Discount</dt>
            <dd>
              {DIALOG_CURRENCY}
              {twoDecimals(invoice.totalDiscount)}
            </dd>
          </div>
        )}
        {isPositive(invoice.redeemAmount) && (
          <div>
            <dt>Points redeemed</dt>
            <dd>
              {DIALOG_CURRENCY}
              {twoDecimals(invoice.redeemAmount)}
            </dd>
          </div>
        )}
        <div>
          <dt>Tax</dt>
          <dd>
            {DIALOG_CURRENCY}
            {twoDecimals(invoice.totalTax)}
          </dd>
        </div>
      </dl>
      <CashReceived received={received} onReceivedChange={setReceived} totalAmount={invoice.totalAmount} onEnter={() => void pay('cash')} />
      <FormAlert message={failure} />
      <div className="payment-dialog__methods">
        <MethodButton label="Cash" busyLabel="Paying…" icon={<Banknote aria-hidden="true" />} busy={busy} mine="cash" shortcut="F9" onClick={() => void pay('cash')} />
        <MethodButton label="Swipe" busyLabel="Paying…" icon={<Smartphone aria-hidden="true" />} busy={busy} mine="swipe" shortcut="F7" onClick={() => void pay('swipe')} />
        <MethodButton
          label="Pay"
          busyLabel="Opening Stripe…"
          icon={<CreditCard aria-hidden="true" />}
          busy={busy}
          mine="card"
          unavailable={Boolean(cardUnavailable)}
          describedBy={cardUnavailable ? unavailableId : undefined}
          onClick={() => void payByCard()}
        />
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={onClose}>
          Cancel
        </button>
      </div>
      {cardUnavailable && (
        <p id={unavailableId} className="payment-dialog__unavailable">
          Card payment unavailable: {cardUnavailable}
        </p>
      )}
    </DialogFrame>
  );
}

interface MethodButtonProps {
  label: string;
  busyLabel: string;
  icon: ReactNode;
  busy: Busy;
  mine: Exclude<Busy, null>;
  unavailable?: boolean;
  describedBy?: string;
  /** The key that presses it too (aria-keyshortcuts, and its tooltip). */
  shortcut?: string;
  onClick: () => void;
}

function MethodButton({ label, busyLabel, icon, busy, mine, unavailable = false, describedBy, shortcut, onClick }: MethodButtonProps) {
  const running = busy === mine;
  return (
    <button
      type="button"
      className="button button--primary payment-dialog__method"
      disabled={busy !== null || unavailable}
      aria-busy={running || undefined}
      aria-describedby={describedBy}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${label} (${shortcut})` : undefined}
      onClick={onClick}
    >
      {running ? <span className="button__spinner" aria-hidden="true" /> : icon}
      {running ? busyLabel : label}
    </button>
  );
}

/**
 * "Proceed to print?" with Print or Cancel, after the payment is recorded. The
 * invoice is read live, so the server's number replaces the provisional one once it arrives.
 */
function PrintQuestion({ paid: recorded, cash, onDone }: { paid: LocalInvoice; cash: CashTendered | null; onDone: () => void }) {
  const session = useShopSession();
  const live = useLocalInvoice(useTillData(), recorded.ref);
  const paid: Invoice = live.status === 'ready' && live.data ? live.data : viewOf(recorded, undefined);
  return (
    <DialogFrame title="Proceed to print?" onDismiss={onDone} busy={false}>
      {/* The ref names the sale for good (its number may still be provisional): tests match it on the server. */}
      <p className="payment-dialog__subtitle" data-invoice-ref={recorded.ref}>
        {paid.invoiceNumber} is paid ({DIALOG_CURRENCY}
        {twoDecimals(paid.totalAmount)}).
        {paid.receiptNumber && <span className="payment-dialog__receipt-number"> Receipt {paid.receiptNumber}.</span>}
      </p>
      {cash && (
        <p className="payment-dialog__change" role="status">
          <span>Change due</span>
          <strong>
            {DIALOG_CURRENCY}
            {twoDecimals(cash.change)}
          </strong>
          <span className="payment-dialog__received">
            Received {DIALOG_CURRENCY}
            {twoDecimals(cash.received)}
          </span>
        </p>
      )}
      <div className="payment-dialog__methods payment-dialog__methods--two">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            browser.print();
            onDone();
          }}
        >
          <Printer aria-hidden="true" />
          Print
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
      <PrintCopy>
        <Receipt invoice={paid} shopName={session.shopName} currencyCode={session.currencyCode} timeZone={session.timeZone} cash={cash} />
      </PrintCopy>
    </DialogFrame>
  );
}
