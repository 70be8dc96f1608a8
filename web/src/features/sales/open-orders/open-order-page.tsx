import { ArrowLeft, FileWarning } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadStatus } from '../../../components/data-table';
import { messages } from '../../../config/messages';
import { ApiError } from '../../../lib/api-client';
import { useServerData } from '../../../lib/use-server-data';
import { getInvoice } from '../api/invoices';
import { CartPanel, TillColumns, TillSearch, tillPaths, useTillSelling, useTillSession, useTillStore } from '../cart';
import { PaymentDialog } from '../payment';
import type { Invoice } from '../types';
import './open-orders.css';

/** The open order, or null when the shop has no such open invoice (deleted, paid, another shop's). */
async function findOpenOrder(id: string, signal: AbortSignal): Promise<Invoice | null> {
  try {
    const invoice = await getInvoice(id, signal, messages.openOrderFetchFailed);
    return invoice.status === 'active' || invoice.status === 'saved' ? invoice : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * SPEC part 2's open order detail (/admin|staff/open/orders/data/{id}): three columns, the
 * categories, the product tiles and the cart (customer, lines, Products Discount, Discount
 * redeem, Total, Save back to the open orders list, Pay). The order is SPEC part 3's
 * `singleInvoiceOpenOrder`.
 */
export function OpenOrderPage() {
  const { id = '' } = useParams();
  const session = useTillSession();
  const load = useCallback((signal: AbortSignal) => findOpenOrder(id, signal), [id]);
  const { state, reload } = useServerData<Invoice | null>(load, messages.openOrderFetchFailed);
  const setOrder = useTillStore((store) => store.setSingleInvoiceOpenOrder);
  const loaded = state.status === 'ready' ? state.data : null;

  useEffect(() => {
    setOrder(loaded);
    return () => setOrder(null);
  }, [loaded, setOrder]);

  const back = (
    <Link to={tillPaths.openOrders(session.area)} className="open-order__back">
      <ArrowLeft aria-hidden="true" />
      Open orders
    </Link>
  );

  if (state.status !== 'ready' || !state.data) {
    return (
      <section className="open-order open-order--status" aria-label="Open order">
        {back}
        {state.status === 'ready' ? (
          <div className="data-table__status">
            <FileWarning aria-hidden="true" />
            <span>This open order is gone: it was paid or deleted, or the link is wrong.</span>
          </div>
        ) : (
          <LoadStatus
            state={
              state.status === 'error'
                ? { status: 'error', message: state.message, onRetry: reload }
                : { status: 'loading', label: 'Loading the open order…' }
            }
          />
        )}
      </section>
    );
  }
  return <OpenOrderTill back={back} />;
}

function OpenOrderTill({ back }: { back: ReactNode }) {
  const session = useTillSession();
  const navigate = useNavigate();
  const order = useTillStore((store) => store.singleInvoiceOpenOrder);
  const setOrder = useTillStore((store) => store.setSingleInvoiceOpenOrder);
  const searchRef = useRef<HTMLInputElement>(null);
  const selling = useTillSelling(order, setOrder, searchRef);
  const [paying, setPaying] = useState(false);
  const listPath = tillPaths.openOrders(session.area);

  if (!order) return null;
  return (
    <section className="open-order" aria-labelledby="open-order-title">
      <div className="open-order__bar">
        {back}
        <h1 id="open-order-title" className="open-order__title">
          Open order {order.invoiceNumber}
        </h1>
        <TillSearch ref={searchRef} searchText={selling.searchText} onSearchText={selling.setSearchText} onScan={(text) => void selling.scan(text)} />
      </div>
      <TillColumns
        selling={selling}
        invoice={order}
        currencyCode={session.currencyCode}
        cartSide="end"
        cart={
          <CartPanel
            invoice={order}
            actions={selling.actions}
            currencyCode={session.currencyCode}
            focusQuantityOf={selling.focusQuantityOf}
            onQuantityFocused={selling.clearFocusQuantity}
            onSaved={() => navigate(listPath)}
            onPay={() => setPaying(true)}
          />
        }
      />
      {paying && (
        <PaymentDialog
          invoice={order}
          onClose={() => setPaying(false)}
          onDone={() => {
            setPaying(false);
            navigate(listPath);
          }}
        />
      )}
    </section>
  );
}
