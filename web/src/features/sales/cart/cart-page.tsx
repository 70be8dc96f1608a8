import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../auth';
import { PaymentDialog } from '../payment';
import { saveToOpenOrders } from '../api/invoices';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { messages } from '../../../config/messages';
import type { Invoice } from '../types';
import { CartPanel } from './cart-panel';
import { CustomProductDialog } from './custom-product-dialog';
import { CustomerLookup } from './customer-lookup';
import { TillBar } from './till-bar';
import { TillColumns } from './till-columns';
import { tillPaths, useTillSession } from './till-session';
import { useTillStore } from '../../../stores/till-store';
import { useCartLifecycle } from './use-cart-lifecycle';
import { useOpenOrderCount } from './use-open-order-count';
import { useTillSelling } from './use-till-selling';
import './cart.css';

/**
 * SPEC part 2's cart screen (/admin/cart, and /staff, the staff's landing page): the top bar,
 * then three columns: the customer lookup with the cart, the categories, the product tiles.
 */
export function CartPage() {
  const session = useTillSession();
  const navigate = useNavigate();
  const invoice = useTillStore((state) => state.invoice);
  const setInvoice = useTillStore((state) => state.setInvoice);
  const customProductOpen = useTillStore((state) => state.toggleCustomProduct);
  const flipCustomProduct = useTillStore((state) => state.flipCustomProduct);
  const askQuantity = useTillStore((state) => state.toggleQuantity);
  const flipQuantity = useTillStore((state) => state.flipQuantity);
  const searchRef = useRef<HTMLInputElement>(null);
  const selling = useTillSelling(invoice, setInvoice, searchRef);
  const openOrders = useOpenOrderCount();
  const { logout, pending: logoutPending } = useLogout();
  const [paying, setPaying] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const cartRef = useRef<HTMLElement>(null);
  useCartLifecycle();

  const openOrdersPath = tillPaths.openOrders(session.area);

  function startCart(created: Invoice) {
    setInvoice(created);
    // Creating a cart saves the cashier's earlier cart with lines: the count may have grown.
    openOrders.refresh();
    searchRef.current?.focus();
  }

  function finishInvoice() {
    setInvoice(null);
    navigate(openOrdersPath);
  }

  /** Reset: a new customer. A cart with lines is kept in the open orders, never thrown away. */
  async function reset() {
    if (invoice && invoice.status === 'active' && invoice.products.length > 0) {
      try {
        await saveToOpenOrders(invoice._id);
        notify.success(messages.savedToOpenOrders);
        openOrders.refresh();
      } catch (error) {
        notify.error(errorMessage(error, messages.somethingWentWrong));
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
      <CustomerLookup ref={phoneRef} area={session.area} onCart={startCart} />
      {invoice ? (
        <CartPanel
          ref={cartRef}
          invoice={invoice}
          actions={selling.actions}
          currencyCode={session.currencyCode}
          focusQuantityOf={selling.focusQuantityOf}
          onQuantityFocused={selling.clearFocusQuantity}
          onSaved={finishInvoice}
          onPay={() => setPaying(true)}
        />
      ) : (
        <p className="till-cart__waiting">Choose the customer by phone number to start a sale.</p>
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
        onLogout={() => void logout(session.area)}
      />
      <TillColumns selling={selling} invoice={invoice} currencyCode={session.currencyCode} cart={cart} cartSide="start" />

      {customProductOpen && invoice && (
        <CustomProductDialog
          currencyCode={session.currencyCode}
          onClose={flipCustomProduct}
          onCreated={async (product) => {
            flipCustomProduct();
            await selling.actions.addProduct(product._id);
            searchRef.current?.focus();
          }}
        />
      )}
      {paying && invoice && (
        <PaymentDialog
          invoice={invoice}
          onClose={() => setPaying(false)}
          onDone={() => {
            setPaying(false);
            openOrders.refresh();
            finishInvoice();
          }}
        />
      )}
    </section>
  );
}
