import { Banknote, CreditCard, Printer, Smartphone, WalletCards } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/form';
import { messages } from '@/config/messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { startCardPayment } from '../api/payments';
import { twoDecimals } from '../invoices/format';
import { PrintCopy, Receipt } from '../invoices/receipt';
import { cashRoundingOf, NO_CASH_ROUNDING } from '../local/cash-rounding';
import { useLocalInvoice, viewOf } from '../local/local-views';
import {
  cardInvoiceId, giftCardOf, pay as payLocally, planOf, tenderBody, type SpendBounds, type TillPayment, type TillTender,
} from '../local/payment-commands';
import type { TenderPlan } from '@/lib/core';
import { refusalMessage, TillRefusal } from '../local/till-data';
import { useTillData } from '../local/till-data-context';
import { useLiveQuery } from '../local/use-live-query';
import type { LocalInvoice } from '@/features/offline';
import type { Invoice } from '@/types/invoice';
import { compareDecimal, isPositive } from '@/lib/decimal-text';
import { storeCreditFor } from '../local/store-credit';
import { giftCardFor, giftCardNumberOf, spendableGiftCard } from '../local/gift-card';
import { lookUpGiftCard } from '../gift-card/look-up-gift-card';
import { GiftCardTender } from './gift-card-tender';
import { MethodButton, type Busy } from './method-button';
import { browser } from './browser';
import { CashReceived, DIALOG_CURRENCY } from './cash-received';
import { DialogFrame } from './dialog-frame';
import { rememberPartsBeforeCard } from './parts-before-card';
import { roundsCash, TenderParts } from './tender-parts';
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
 * The payment dialog: "Total payable amount: MVR{total}", the tax, the amount received with its
 * balance, and Cash, Swipe, Pay (card) and Cancel. With nothing typed, Cash pays what is left in
 * cash (rounded as the shop rounds cash) and Swipe pays it by swipe; with an amount typed, Cash
 * takes that cash as handed over and Swipe that amount, each settling the sale when it covers the
 * rest, or taken as one part of it (listed, with Paid, Remaining and Cash due). Core's
 * `tenderPlan` works out every figure with the shop's cash rounding (kept by the till, so
 * offline too) and refuses what does not fit, in place. Once the parts pay the whole sale it is
 * recorded in the till's local data at once, offline too, and sent by the outbox. After it,
 * "Proceed to print?" with the change to give back and Print (the receipt, with the invoice
 * number or "Provisional 7F3A-0012" until the server has numbered it) or Cancel; both end in
 * `onDone`. Pay (card) needs the server's invoice: online, once the outbox has sent it, the
 * browser goes to Stripe's checkout; offline it says "Card payment needs a connection". With no
 * part taken the card pays the whole sale; after parts it is the last one and pays what core's
 * plan leaves ("Card pays the MVR 27.33 left"): the parts go to the server with the checkout, and
 * are remembered for the invoice (parts-before-card.ts) so the page Stripe comes back to can say
 * what was taken at the counter.
 *
 * A named customer with store credit also gets "Store credit MVR 12.50 available": it takes the
 * amount typed, or with none the smaller of what is left and the credit available, as a part
 * paid from their store credit; core bounds it by the customer's last synced balance less this
 * till's unsent uses (local/store-credit.ts) and its refusal is said in place.
 *
 * Gift card takes the card's number (typed or scanned): online the server's balance, which the
 * till keeps; offline the one it kept (a card never checked here cannot pay). The card then pays
 * like store credit, bounded by that balance less this till's unsent uses of it
 * (local/gift-card.ts). A sale is paid by one gift card.
 */
export function PaymentDialog({ invoice, onClose, onDone }: PaymentDialogProps) {
  const [paid, setPaid] = useState<LocalInvoice | null>(null);
  if (paid) return <PrintQuestion paid={paid} onDone={() => onDone(paid)} />;
  return <PaymentChoice invoice={invoice} onClose={onClose} onPaid={setPaid} />;
}

type TakenMethod = 'cash' | 'swipe' | 'credit' | 'gift';

const tillMethods = { cash: 'cash', swipe: 'internal-device', credit: 'store-credit', gift: 'gift-card' } as const;

interface PaymentChoiceProps {
  invoice: LocalInvoice;
  onClose: () => void;
  /** The sale is paid and recorded. */
  onPaid: (paid: LocalInvoice) => void;
}

function PaymentChoice({ invoice, onClose, onPaid }: PaymentChoiceProps) {
  const data = useTillData();
  const [received, setReceived] = useState('');
  // The parts taken, with the rounding step they were taken with: one sale rounds by one step.
  const [taken, setTaken] = useState<{ parts: TillTender[]; cashRounding: string }>({ parts: [], cashRounding: NO_CASH_ROUNDING });
  const parts = taken.parts;
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState('');
  const [cardUnavailable, setCardUnavailable] = useState('');
  const unavailableId = useId();
  const cardHintId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const kept = useLiveQuery(data ? () => cashRoundingOf(data.db) : null, [data]);
  const cashRounding = parts.length > 0 ? taken.cashRounding : kept.status === 'ready' ? kept.data : NO_CASH_ROUNDING;
  const payment = { tenders: parts, cashRounding };
  // Read live: the customer sync brings a new balance, and a sent payment stops holding credit.
  const customerId = invoice.customer?._id;
  const credit = useLiveQuery(data ? () => storeCreditFor(data.db, invoice.customer) : null, [data, customerId]);
  const storeCredit = credit.status === 'ready' ? credit.data : null;
  // The sale's gift card once entered (its number), read live like the credit.
  const [cardNumber, setCardNumber] = useState<string | null>(null);
  const card = useLiveQuery(data && cardNumber ? () => giftCardFor(data.db, cardNumber) : null, [data, cardNumber]);
  const giftCard = card.status === 'ready' ? card.data : null;
  const plan = planOrNull(invoice.totalAmount, payment, { storeCredit, giftCard });
  const inParts = parts.length > 0;
  // After parts the card is the last one: it pays what core's plan of them leaves.
  const cardPays = inParts && plan && isPositive(plan.remaining) ? plan.remaining : null;

  /**
   * The number as typed or scanned becomes the sale's gift card: answers the refusal to say in
   * place, or null.
   */
  async function checkGiftCard(typed: string): Promise<string | null> {
    try {
      if (!data) throw new TillRefusal(messages.paymentFailed);
      const number = giftCardNumberOf(typed);
      const taken = giftCardOf(parts);
      if (taken && taken !== number) throw new TillRefusal(`This sale is already paid in part by gift card ${taken}: a sale takes one gift card`);
      await lookUpGiftCard(data, number, isOnline());
      setCardNumber(number);
      setFailure('');
      amountRef.current?.focus();
      return null;
    } catch (error) {
      if (error instanceof TillRefusal) return error.message;
      return errorMessage(error, messages.giftCardLoadFailed);
    }
  }

  /**
   * Cash, Swipe or Store credit: the amount typed (or, with none, what is left: in cash, rounded;
   * in store credit, at most what is available) as the next part. When it pays the rest, the
   * sale is recorded at once.
   */
  async function take(method: TakenMethod) {
    if (busy) return;
    setBusy(method);
    setFailure('');
    let tenders: TillTender[];
    let cashStep: string;
    let complete: boolean;
    try {
      if (!data) throw new Error('No till data');
      // The step as kept right now (the dialog's copy may still be loading), then the parts' own.
      cashStep = parts.length > 0 ? taken.cashRounding : await cashRoundingOf(data.db);
      // The credit and the card as kept right now: a payment sent or a sync since the last render counts.
      const credit = await storeCreditFor(data.db, invoice.customer);
      const cardSpent = method === 'gift' ? cardNumber : giftCardOf(parts);
      const bounds: SpendBounds = { storeCredit: credit, giftCard: cardSpent ? await spendableGiftCard(data.db, cardSpent) : null };
      const before = planOf(invoice.totalAmount, { tenders: parts, cashRounding: cashStep }, bounds);
      const amount = received.trim() || untypedAmount(method, before);
      const tender: TillTender = method === 'gift' ? { method: 'gift-card', amount, card: cardSpent ?? '' } : { method: tillMethods[method], amount };
      tenders = [...parts, tender];
      giftCardOf(tenders);
      const withCredit = method === 'credit' ? { ...bounds, storeCredit: credit ?? { balance: '0' } } : bounds;
      complete = planOf(invoice.totalAmount, { tenders, cashRounding: cashStep }, withCredit).complete;
    } catch (error) {
      // Core's refusal of this part is said in place: nothing is taken.
      if (error instanceof TillRefusal) {
        setFailure(error.message);
        setBusy(null);
      } else fail(method, error);
      return;
    }
    if (!complete) {
      setTaken({ parts: tenders, cashRounding: cashStep });
      setReceived('');
      setBusy(null);
      amountRef.current?.focus();
      return;
    }
    try {
      const paid = await payLocally(data, invoice.ref, { tenders, cashRounding: cashStep }, { offline: !isOnline() });
      notify.success(messages.paymentSuccessful);
      onPaid(paid);
    } catch (error) {
      fail(method, error);
    }
  }

  function fail(method: TakenMethod, error: unknown) {
    const message = refusalMessage(error, messages.paymentFailed);
    // A cash payment's failure is only logged, never toasted. The cashier still
    // has to know the sale is not recorded, so the dialog says it in place, without a toast.
    if (method === 'cash') console.error('Cash payment failed', error);
    else notify.error(message);
    setFailure(message);
    setBusy(null);
  }

  function removePart(index: number) {
    setTaken((before) => ({ ...before, parts: before.parts.filter((_, at) => at !== index) }));
    setFailure('');
    amountRef.current?.focus();
  }

  /**
   * The card pays the whole sale, or with parts taken, what they leave: the server works that out
   * from the same parts and rounding step, and Stripe charges it.
   */
  async function payByCard() {
    if (busy || cardUnavailable || (inParts && !cardPays)) return;
    setBusy('card');
    setFailure('');
    try {
      if (!data) throw new TillRefusal(messages.paymentFailed);
      const serverId = await cardInvoiceId(data, invoice.ref, isOnline());
      const { session } = await startCardPayment(serverId, { tenders: parts.map(tenderBody), cashRounding: taken.cashRounding });
      if (!session?.url) throw new ApiError(502, messages.paymentFailed);
      // The dialog and its parts are gone once the browser leaves: the page Stripe sends it back
      // to reads them from here.
      rememberPartsBeforeCard(serverId, parts);
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

  // F9 takes cash and F7 swipe (docs/till-keyboard.md), as the buttons do.
  const takeKey = useRef(take);
  useEffect(() => {
    takeKey.current = take;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const method = event.key === 'F9' ? 'cash' : event.key === 'F7' ? 'swipe' : null;
      if (!method || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      void takeKey.current(method);
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
        {!inParts && plan && roundsCash(cashRounding) && (
          <div>
            <dt>Cash due</dt>
            <dd>
              {DIALOG_CURRENCY}
              {twoDecimals(plan.cashDue)}
            </dd>
          </div>
        )}
      </dl>
      {inParts && plan && <TenderParts parts={parts} plan={plan} roundsCash={roundsCash(cashRounding)} disabled={busy !== null} onRemove={removePart} />}
      <CashReceived
        received={received}
        onReceivedChange={(value) => {
          setReceived(value);
          setFailure('');
        }}
        totalAmount={invoice.totalAmount}
        payment={payment}
        onEnter={() => void take('cash')}
        inputRef={amountRef}
      />
      <FormAlert message={failure} />
      <div className="payment-dialog__credit">
        {storeCredit && (
          <MethodButton
            label={`Store credit ${DIALOG_CURRENCY} ${twoDecimals(plan?.storeCreditLeft ?? '0')} available`}
            busyLabel="Paying…"
            icon={<WalletCards aria-hidden="true" />}
            busy={busy}
            mine="credit"
            onClick={() => void take('credit')}
          />
        )}
        <GiftCardTender
          card={cardNumber ? { number: cardNumber, left: plan?.giftCardLeft ?? null } : null}
          busy={busy}
          onCheck={checkGiftCard}
          onTake={() => void take('gift')}
        />
      </div>
      <div className="payment-dialog__methods">
        <MethodButton label="Cash" busyLabel="Paying…" icon={<Banknote aria-hidden="true" />} busy={busy} mine="cash" shortcut="F9" onClick={() => void take('cash')} />
        <MethodButton label="Swipe" busyLabel="Paying…" icon={<Smartphone aria-hidden="true" />} busy={busy} mine="swipe" shortcut="F7" onClick={() => void take('swipe')} />
        <MethodButton
          label="Pay"
          busyLabel="Opening Stripe…"
          icon={<CreditCard aria-hidden="true" />}
          busy={busy}
          mine="card"
          unavailable={Boolean(cardUnavailable) || (inParts && !cardPays)}
          describedBy={cardUnavailable ? unavailableId : cardPays ? cardHintId : undefined}
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
      {!cardUnavailable && cardPays && (
        <p id={cardHintId} className="payment-dialog__hint">
          Card pays the {DIALOG_CURRENCY} {twoDecimals(cardPays)} left
        </p>
      )}
    </DialogFrame>
  );
}

/**
 * The plan to show, or null when core refuses it (a rounding step the till kept that core does
 * not know): then Cash and Swipe say core's message when pressed, and nothing is taken.
 */
function planOrNull(totalAmount: string, payment: TillPayment, bounds: SpendBounds): TenderPlan | null {
  try {
    return planOf(totalAmount, payment, bounds);
  } catch (error) {
    if (error instanceof TillRefusal) return null;
    throw error;
  }
}

/**
 * With nothing typed: cash settles what is left, rounded as the shop rounds cash; swipe pays what
 * is left; store credit or the gift card pays what is left, or all that is still available of it
 * (core's `storeCreditLeft`, `giftCardLeft`) when that is less.
 */
function untypedAmount(method: TakenMethod, before: TenderPlan): string {
  if (method === 'cash') return before.cashDue;
  const left = method === 'gift' ? before.giftCardLeft : method === 'credit' ? before.storeCreditLeft : undefined;
  if (method === 'swipe' || left === undefined) return before.remaining;
  return compareDecimal(left, before.remaining) < 0 ? left : before.remaining;
}

/**
 * "Proceed to print?" with Print or Cancel, after the payment is recorded, and the change to give
 * back when cash was handed over. The invoice is read live, so the server's number replaces the
 * provisional one once it arrives.
 */
function PrintQuestion({ paid: recorded, onDone }: { paid: LocalInvoice; onDone: () => void }) {
  const session = useShopSession();
  const live = useLocalInvoice(useTillData(), recorded.ref);
  const paid: Invoice = live.status === 'ready' && live.data ? live.data : viewOf(recorded, undefined);
  const cashReceived = paid.cashReceived ?? null;
  return (
    <DialogFrame title="Proceed to print?" onDismiss={onDone} busy={false}>
      {/* The ref names the sale for good (its number may still be provisional): tests match it on the server. */}
      <p className="payment-dialog__subtitle" data-invoice-ref={recorded.ref}>
        {paid.invoiceNumber} is paid ({DIALOG_CURRENCY}
        {twoDecimals(paid.totalAmount)}).
        {paid.receiptNumber && <span className="payment-dialog__receipt-number"> Receipt {paid.receiptNumber}.</span>}
      </p>
      {cashReceived !== null && (
        <p className="payment-dialog__change" role="status">
          <span>Change due</span>
          <strong>
            {DIALOG_CURRENCY}
            {twoDecimals(paid.change ?? '0')}
          </strong>
          <span className="payment-dialog__received">
            Received {DIALOG_CURRENCY}
            {twoDecimals(cashReceived)}
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
        <Receipt invoice={paid} shopName={session.shopName} currencyCode={session.currencyCode} timeZone={session.timeZone} />
      </PrintCopy>
    </DialogFrame>
  );
}
