import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLogout } from '@/features/auth';
import type { LocalInvoice } from '@/features/offline';
import { PaymentDialog } from '../payment';
import { focusUnlessTyping } from '@/lib/focus';
import { notify } from '@/lib/notify';
import { messages } from '@/config/messages';
import { createCart, saveOpenOrder, sellerLabel } from '../local/cart-commands';
import { useLocalInvoice } from '../local/local-views';
import { refusalMessage } from '../local/till-data';
import { useTillData } from '../local/till-data-context';
import type { InvoiceCustomer } from '@/types/invoice';
import { CartPanel } from './cart-panel';
import { CustomProductDialog } from './custom-product-dialog';
import { CustomerLookup, startWalkIn } from './customer-lookup';
import { TillBar } from './till-bar';
import { TillColumns } from './till-columns';
import { useTillKeys } from './till-keys';
import { TillKeysHelp } from './till-keys-help';
import { tillPaths, useTillSession } from './till-session';
import { useTillStore } from '@/stores/till-store';
import { useCartLifecycle } from './use-cart-lifecycle';
import { useOpenOrderCount } from './use-open-order-count';
import { useTillSelling } from './use-till-selling';
import { printTillShift, ShiftDialog, useTillShift } from '../shift';
import { GiftCardDialog } from '../gift-card';
import { useReceiptSettings } from '../receipt-settings';
import { useShopSession } from '@/features/auth';
import './cart.css';

/**
 * The cart screen (/admin/cart, and /staff, the staff's landing page): the top bar,
 * then three columns: the customer lookup with the cart, the categories, the product tiles.
 * Everything is read from and written to the till's local data (features/sales/local).
 */
export function CartPage() {
  const session = useTillSession();
  const navigate = useNavigate();
  const data = useTillData();
  const ref = useTillStore((state) => state.invoice);
  const setInvoice = useTillStore((state) => state.setInvoice);
  const held = useLocalInvoice(data, ref);
  const invoice = held.status === 'ready' && held.data && (held.data.status === 'active' || held.data.status === 'saved') ? held.data : null;
  const customProductOpen = useTillStore((state) => state.toggleCustomProduct);
  const flipCustomProduct = useTillStore((state) => state.flipCustomProduct);
  const askQuantity = useTillStore((state) => state.toggleQuantity);
  const flipQuantity = useTillStore((state) => state.flipQuantity);
  const searchRef = useRef<HTMLInputElement>(null);
  const selling = useTillSelling(data, invoice, searchRef);
  const openOrders = useOpenOrderCount(data);
  const { logout, pending: logoutPending } = useLogout();
  // The invoice being paid: it stays on the dialog once paid (no longer the open cart) until done.
  const [paying, setPaying] = useState<LocalInvoice | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const cartRef = useRef<HTMLElement>(null);
  const [keysHelp, setKeysHelp] = useState(false);
  const shift = useTillShift(data);
  const [shiftOpen, setShiftOpen] = useState(false);
  const [giftCardOpen, setGiftCardOpen] = useState(false);
  const shop = useShopSession();
  const receiptSettings = useReceiptSettings();
  useCartLifecycle(data, held);

  // On opening, the box the cashier needs first: the phone box, or the search box mid-sale.
  const focusedOnOpen = useRef(false);
  const heldKnown = ref === null || held.status !== 'loading';
  useEffect(() => {
    if (!heldKnown || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    focusUnlessTyping(invoice ? searchRef.current : phoneRef.current);
  }, [heldKnown, invoice]);

  /**
   * F8. It may come right after a scan, while the line is still being written: Pay opens once
   * every change is, on the invoice as stored, so the dialog always has every line.
   */
  async function payByKey() {
    await selling.actions.written();
    const stored = data && ref ? await data.db.invoices.get(ref) : undefined;
    const open = stored?.status === 'active' || stored?.status === 'saved';
    if (stored && open && stored.products.length > 0) setPaying(stored);
  }

  useTillKeys({
    searchRef,
    phoneRef,
    selling: invoice !== null,
    canPay: invoice !== null,
    onPay: () => void payByKey(),
    onNewSale: () => void reset(),
    onWalkIn: () => void walkIn(),
    onHelp: () => setKeysHelp(true),
  });

  const openOrdersPath = tillPaths.openOrders(session.area);

  // Back from Add customer (the phone lookup found no one): the new customer's sale starts here.
  const location = useLocation();
  const saleFor = (location.state as { saleFor?: InvoiceCustomer } | null)?.saleFor ?? null;
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!data || !saleFor || startedFor.current === saleFor._id) return;
    startedFor.current = saleFor._id;
    void navigate(location.pathname, { replace: true, state: null });
    startCart(saleFor).then(
      () => notify.success(messages.invoiceCreated),
      (error: unknown) => notify.error(refusalMessage(error, messages.invoiceCreateFailed)),
    );
  });

  /** The customer's cart: the cashier's earlier cart with lines is kept in the open orders first. */
  async function startCart(customer: InvoiceCustomer) {
    if (!data) return;
    if (invoice && invoice.status === 'active' && invoice.products.length > 0) await saveOpenOrder(data, invoice.ref);
    const staff = { staffId: session.user?._id ?? null, staff: sellerLabel(session.user?.userName ?? '', session.user?.role ?? '') };
    const created = await createCart(data, { customer, staff, heldRef: ref });
    setInvoice(created.ref);
    searchRef.current?.focus();
  }

  /** The walk-in customer's sale (Walk-in, F6, and after each payment). */
  async function walkIn(after?: () => void) {
    try {
      await startWalkIn(data, startCart);
      after?.();
    } catch (error) {
      notify.error(refusalMessage(error, messages.invoiceCreateFailed));
    }
  }

  /** A code the scanner typed into the phone box: scanned into the sale on screen. */
  async function scanFromPhoneBox(code: string) {
    if (invoice) {
      await selling.scan(code);
      return;
    }
    notify.error(`Start the sale first (Walk-in or the customer’s phone), then scan ${code} again`);
  }

  /** Saved (SPEC: Save goes to the open orders). */
  function finishInvoice() {
    setInvoice(null);
    navigate(openOrdersPath);
  }

  /**
   * Paid (and printed or not): the counter is ready for the next customer at once, with a walk-in
   * sale open (a scan or a tile sells into it) and the phone box focused for a known customer,
   * whose number takes the walk-in's empty cart over.
   */
  function nextSale() {
    setInvoice(null);
    selling.setSearchText('');
    selling.setCategoryId('');
    // After the dialog has closed and handed focus back.
    const focusPhone = () => requestAnimationFrame(() => phoneRef.current?.focus());
    focusPhone();
    void walkIn(focusPhone);
  }

  /** Reset: a new customer. A cart with lines is kept in the open orders, never thrown away. */
  async function reset() {
    if (data && invoice && invoice.status === 'active' && invoice.products.length > 0) {
      try {
        await saveOpenOrder(data, invoice.ref);
        notify.success(messages.savedToOpenOrders);
      } catch (error) {
        notify.error(refusalMessage(error, messages.somethingWentWrong));
        return;
      }
    }
    setInvoice(null);
    selling.setSearchText('');
    selling.setCategoryId('');
    phoneRef.current?.focus();
  }

  function showCart() {
    if (!invoice) {
      phoneRef.current?.focus();
      return;
    }
    cartRef.current?.scrollIntoView?.({ block: 'start' });
    document.getElementById('cart-panel-heading')?.focus();
  }

  const cart = (
    <div className="till-cart">
      <CustomerLookup
        ref={phoneRef}
        area={session.area}
        data={data}
        onCustomer={startCart}
        onScan={(code) => void scanFromPhoneBox(code)}
        onWalkIn={() => void walkIn()}
      />
      {invoice ? (
        <CartPanel
          ref={cartRef}
          invoice={selling.invoice ?? invoice}
          actions={selling.actions}
          currencyCode={session.currencyCode}
          focusQuantityOf={selling.focusQuantityOf}
          onQuantityFocused={selling.clearFocusQuantity}
          onSaved={finishInvoice}
          onPay={() => setPaying(invoice)}
          payShortcut="F8"
        />
      ) : (
        <p className="till-cart__waiting">Type the customer’s phone number, or Walk-in (F6) for a buyer who gives none.</p>
      )}
    </div>
  );

  return (
    <section className="till" aria-labelledby="till-title">
      <h1 id="till-title" className="visually-hidden">
        Cart
      </h1>
      <TillBar
        searchRef={searchRef}
        searchText={selling.searchText}
        onSearchText={selling.setSearchText}
        onScan={(text) => void selling.scan(text)}
        lineCount={invoice?.products.length ?? 0}
        hasInvoice={invoice !== null}
        busy={selling.actions.busy}
        openOrdersPath={openOrdersPath}
        openOrderCount={openOrders.count}
        askQuantity={askQuantity}
        userName={session.user?.userName ?? ''}
        logoutPending={logoutPending}
        onClear={() => void selling.actions.clear()}
        onBack={() => navigate(-1)}
        onShowCart={showCart}
        onCustomProduct={flipCustomProduct}
        onToggleAskQuantity={flipQuantity}
        onNewInvoice={() => window.open(tillPaths.cart(session.area), '_blank', 'noopener')}
        onReset={() => void reset()}
        openShift={shift?.open?.label ?? null}
        shiftNeeded={!!shift && !shift.open && shift.requireOpenShift}
        onShift={() => setShiftOpen(true)}
        onGiftCard={() => setGiftCardOpen(true)}
        onLogout={() => void logout(session.area)}
      />
      <TillColumns selling={selling} invoice={selling.invoice} currencyCode={session.currencyCode} cart={cart} cartSide="start" />

      {customProductOpen && invoice && (
        <CustomProductDialog
          currencyCode={session.currencyCode}
          onClose={flipCustomProduct}
          onCreated={async (product) => {
            flipCustomProduct();
            await selling.actions.addCustomProduct(product);
            focusUnlessTyping(searchRef.current);
          }}
        />
      )}
      {keysHelp && <TillKeysHelp onClose={() => setKeysHelp(false)} />}
      {shiftOpen && data && shift && (
        <ShiftDialog
          data={data}
          state={shift}
          userName={session.user?.userName ?? ''}
          currencyCode={session.currencyCode}
          may={{ openClose: shop.can('shift_open_close'), moveCash: shop.can('cash_movement') }}
          onPrint={(view) =>
            printTillShift(view, {
              shopName: receiptSettings?.shopName || shop.shopName,
              paper: receiptSettings?.receiptPaper ?? '80mm',
              currencyCode: session.currencyCode,
              timeZone: session.timeZone,
            })
          }
          onClose={() => {
            setShiftOpen(false);
            focusUnlessTyping(searchRef.current);
          }}
        />
      )}
      {giftCardOpen && (
        <GiftCardDialog
          data={data}
          currencyCode={session.currencyCode}
          timeZone={session.timeZone}
          area={session.area}
          userName={session.user?.userName ?? ''}
          onClose={() => {
            setGiftCardOpen(false);
            focusUnlessTyping(searchRef.current);
          }}
        />
      )}
      {paying && (
        <PaymentDialog
          invoice={paying}
          onClose={() => setPaying(null)}
          onDone={() => {
            setPaying(null);
            nextSale();
          }}
        />
      )}
    </section>
  );
}
