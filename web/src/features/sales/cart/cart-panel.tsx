import { ShoppingCart } from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { messages } from '@/config/messages';
import { finishAddLineTiming } from '@/lib/till-timing';
import { formatMoney } from '@/features/catalog';
import type { Invoice, InvoiceLine } from '@/types/invoice';
import { CartLine } from './cart-line';
import { cartAmounts } from './cart-totals';
import { RedeemBox } from './redeem-box';
import type { InvoiceActions } from './use-invoice-actions';
import './cart.css';

interface CartPanelProps {
  ref?: Ref<HTMLElement>;
  invoice: Invoice;
  actions: InvoiceActions;
  currencyCode: string;
  /** The product whose quantity takes focus once its line shows ("ask quantity"). */
  focusQuantityOf: string | null;
  onQuantityFocused: () => void;
  /** After Save has been accepted. */
  onSaved: () => void;
  onPay: () => void;
  /** The key that presses Pay on this screen, if one does (the cart screen's F8). */
  payShortcut?: string;
}

/**
 * The cart (the cart screen's left column, and the open order's): the customer, the
 * lines (a list that scrolls inside the panel, so Total and Pay stay in view), Products Discount,
 * the Discount redeem box, Total, Save and Pay.
 * The amounts are the WASM core's (see cart-totals.ts). Pay reads "Cart Empty" and is disabled
 * while there are no lines.
 */
export function CartPanel({ ref, invoice, actions, currencyCode, focusQuantityOf, onQuantityFocused, onSaved, onPay, payShortcut }: CartPanelProps) {
  const amounts = useMemo(() => cartAmounts(invoice), [invoice]);
  const [removing, setRemoving] = useState<InvoiceLine | null>(null);
  const empty = invoice.products.length === 0;
  const focusPanel = useCallback(() => document.getElementById('cart-panel-heading'), []);
  // The new total is in the DOM (layout effects run before the browser paints): an add ends here.
  useLayoutEffect(() => finishAddLineTiming(invoice.updatedAt, { lines: invoice.products.length }), [invoice]);
  // The lines scroll inside their own panel; a line just added (the last) is scrolled into view.
  const linesRef = useRef<HTMLDivElement>(null);
  const lineCount = invoice.products.length;
  const shownCount = useRef(lineCount);
  useLayoutEffect(() => {
    const list = linesRef.current;
    if (list && lineCount > shownCount.current) list.scrollTop = list.scrollHeight;
    shownCount.current = lineCount;
  }, [lineCount]);

  async function confirmRemove() {
    if (!removing) return;
    await actions.removeProduct(removing.productId);
    setRemoving(null);
  }

  async function save() {
    if (await actions.save()) onSaved();
  }

  const money = (value: string | number) => formatMoney(value, currencyCode);
  // A tap's line shows at once and is stored a few milliseconds later (docs/offline.md "A line
  // shown before it is stored"): the panel says it is busy until every change is stored.
  return (
    <section
      ref={ref}
      className="cart-panel"
      aria-labelledby="cart-panel-heading"
      aria-busy={actions.busy || undefined}
      data-amounts={amounts.source}
    >
      <header className="cart-panel__header">
        <h2 id="cart-panel-heading" className="cart-panel__title" tabIndex={-1}>
          <ShoppingCart aria-hidden="true" />
          {invoice.invoiceNumber}
        </h2>
        {invoice.customer && (
          <p className="cart-panel__customer">
            <span className="cart-panel__customer-name">{invoice.customer.customerName}</span>
            {invoice.customer.phoneNumber && <span className="cart-panel__customer-phone">{invoice.customer.phoneNumber}</span>}
          </p>
        )}
      </header>

      <div ref={linesRef} className="cart-panel__lines" role="region" aria-label="Cart lines" tabIndex={0}>
        {empty ? (
          <p className="cart-panel__empty">No products yet: scan a barcode or tap a product.</p>
        ) : (
          <ol className="cart-lines" aria-label="Products in the cart">
            {invoice.products.map((line, index) => (
              <CartLine
                key={line._id}
                number={index + 1}
                line={line}
                amounts={amounts.lines[line.productId] ?? { price: line.price, total: line.total }}
                currencyCode={currencyCode}
                disabled={actions.busy}
                focusQuantity={focusQuantityOf === line.productId}
                onQuantityFocused={onQuantityFocused}
                onQuantity={(quantity) => actions.setQuantity(line.productId, quantity)}
                onRemove={() => setRemoving(line)}
              />
            ))}
          </ol>
        )}
      </div>

      <dl className="cart-totals">
        <div className="cart-totals__row">
          <dt>Sub total</dt>
          <dd>{money(amounts.subTotal)}</dd>
        </div>
        <div className="cart-totals__row">
          <dt>Products Discount</dt>
          <dd>{money(amounts.totalDiscount)}</dd>
        </div>
        <div className="cart-totals__row">
          <dt>Tax</dt>
          <dd>{money(amounts.totalTax)}</dd>
        </div>
        <div className="cart-totals__row">
          <dt>Redeemed</dt>
          <dd>{money(amounts.redeemAmount)}</dd>
        </div>
      </dl>
      {/* A walk-in sale has no points to redeem. */}
      {invoice.customer?.walkIn !== true && (
        <RedeemBox invoice={invoice} currencyCode={currencyCode} busy={actions.busy} onRedeem={actions.redeem} />
      )}
      <p className="cart-totals__total">
        <span>Total</span>
        <output aria-label="Total">{money(amounts.totalAmount)}</output>
      </p>

      <div className="cart-panel__buttons">
        <button type="button" className="button button--secondary" disabled={actions.busy || empty} onClick={() => void save()}>
          Save
        </button>
        <button
          type="button"
          className="button button--primary cart-panel__pay"
          disabled={empty || actions.busy}
          aria-keyshortcuts={payShortcut}
          title={payShortcut ? `Pay (${payShortcut})` : undefined}
          onClick={onPay}
        >
          {empty ? 'Cart Empty' : 'Pay'}
        </button>
      </div>

      <ConfirmDialog
        open={removing !== null}
        message={messages.confirmRemoveFromCart}
        detail={removing?.productName}
        tone="danger"
        busy={actions.busy}
        busyLabel="Removing…"
        fallbackFocus={focusPanel}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
