import { ArrowLeft, FileWarning } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadStatus } from '@/components/data-table';
import { CartPanel, TillColumns, TillSearch, tillPaths, useTillSelling, useTillSession, useTillStore } from '../cart';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { useLocalInvoice } from '../local/local-views';
import type { TillData } from '../local/till-data';
import { useTillData } from '../local/till-data-context';
import { PaymentDialog } from '../payment';
import type { LocalInvoice } from '@/features/offline';
import { useServerOpenOrder } from './use-server-open-order';
import './open-orders.css';

const isOpen = (invoice: LocalInvoice | null): invoice is LocalInvoice =>
  invoice !== null && (invoice.status === 'active' || invoice.status === 'saved');

/**
 * The open order detail (/admin|staff/open/orders/data/{ref}): three columns, the
 * categories, the product tiles and the cart (customer, lines, Products Discount, Discount
 * redeem, Total, Save back to the open orders list, Pay). The order is read live from the
 * till's local invoices (`singleInvoiceOpenOrder` holds its ref).
 */
export function OpenOrderPage() {
  const { id = '' } = useParams();
  const session = useTillSession();
  const data = useTillData();
  const order = useLocalInvoice(data, id);
  const setOrder = useTillStore((store) => store.setSingleInvoiceOpenOrder);
  const found = order.status === 'ready' && isOpen(order.data) ? order.data : null;
  // Paying it from this screen leaves it paid: the dialog's print question still needs it.
  const [kept, setKept] = useState<LocalInvoice | null>(null);
  const shown = found ?? kept;
  const looking = useServerOpenOrder(data, id, order.status === 'ready' && !shown);
  const unreadable = order.status === 'error';

  useEffect(() => {
    if (unreadable) notify.error(messages.openOrderFetchFailed);
  }, [unreadable]);

  useEffect(() => {
    setOrder(found ? found.ref : null);
    return () => setOrder(null);
  }, [found, setOrder]);

  const back = (
    <Link to={tillPaths.openOrders(session.area)} className="open-order__back">
      <ArrowLeft aria-hidden="true" />
      Open orders
    </Link>
  );

  if (!shown || !data) {
    return (
      <section className="open-order open-order--status" aria-label="Open order">
        {back}
        {order.status === 'ready' && !looking ? (
          <div className="data-table__status">
            <FileWarning aria-hidden="true" />
            <span>This open order is gone: it was paid or deleted, or the link is wrong.</span>
          </div>
        ) : (
          <LoadStatus
            state={
              order.status === 'error'
                ? { status: 'error', message: 'The open order could not be read from this device', onRetry: () => window.location.reload() }
                : { status: 'loading', label: 'Loading the open order…' }
            }
          />
        )}
      </section>
    );
  }
  return <OpenOrderTill back={back} data={data} order={shown} onPaying={setKept} />;
}

interface OpenOrderTillProps {
  back: ReactNode;
  data: TillData;
  order: LocalInvoice;
  onPaying: (order: LocalInvoice | null) => void;
}

function OpenOrderTill({ back, data, order, onPaying }: OpenOrderTillProps) {
  const session = useTillSession();
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const selling = useTillSelling(data, order, searchRef);
  const [paying, setPaying] = useState(false);
  const listPath = tillPaths.openOrders(session.area);

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
        invoice={selling.invoice ?? order}
        currencyCode={session.currencyCode}
        cartSide="end"
        cart={
          <CartPanel
            invoice={selling.invoice ?? order}
            actions={selling.actions}
            currencyCode={session.currencyCode}
            focusQuantityOf={selling.focusQuantityOf}
            onQuantityFocused={selling.clearFocusQuantity}
            onSaved={() => navigate(listPath)}
            onPay={() => {
              onPaying(order);
              setPaying(true);
            }}
          />
        }
      />
      {paying && (
        <PaymentDialog
          invoice={order}
          onClose={() => {
            setPaying(false);
            onPaying(null);
          }}
          onDone={() => {
            setPaying(false);
            navigate(listPath);
          }}
        />
      )}
    </section>
  );
}
