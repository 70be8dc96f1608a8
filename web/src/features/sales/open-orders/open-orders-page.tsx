import { FolderOpen, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, TableActions, TableButton, TableLink, type DataTableColumn } from '@/components/data-table';
import { Screen } from '@/components/screen';
import { messages } from '@/config/messages';
import { isAbort } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { formatMoney } from '@/features/catalog';
import { dateAndTime } from '@/lib/date-text';
import type { LocalInvoice } from '@/features/offline';
import { tillPaths, useTillSession, useTillStore } from '../cart';
import { deleteOpenOrder } from '../local/cart-commands';
import { useOpenOrders } from '../local/local-views';
import { refreshOpenOrders } from '../local/open-orders-cache';
import { refusalMessage, TillRefusal } from '../local/till-data';
import { useTillData } from '../local/till-data-context';
import './open-orders.css';

/**
 * The open orders (/admin/open/orders, /staff/open/orders): the shop's saved carts,
 * newest first, each with its customer, staff member, date (medium date, short time) and total;
 * Open continues it, Delete asks "Do you want to delete this open order?" first.
 *
 * The list is the till's local saved invoices, live (its own, offline too); online, the
 * server's list is fetched into the local table first (open-orders-cache.ts), where the till's
 * unsynced changes win. A failed fetch says SPEC's "Failed to fetch saved invoice" and the local
 * orders stay listed.
 */
export function OpenOrdersPage() {
  const session = useTillSession();
  const data = useTillData();
  const local = useOpenOrders(data);
  const [asked, setAsked] = useState<LocalInvoice | null>(null);
  const [deleting, setDeleting] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!data || !navigator.onLine) return;
    const controller = new AbortController();
    refreshOpenOrders(data.db, controller.signal).catch((error: unknown) => {
      if (isAbort(error) || controller.signal.aborted) return;
      console.error('The open orders could not be fetched', error);
      notify.error(messages.savedInvoiceFetchFailed);
    });
    return () => controller.abort();
  }, [data]);

  async function confirmDelete() {
    if (!asked || deleting || !data) return;
    setDeleting(true);
    try {
      await deleteOpenOrder(data, asked.ref);
      // The cart screen must not keep showing a cart that no longer exists.
      if (useTillStore.getState().invoice === asked.ref) useTillStore.getState().setInvoice(null);
    } catch (error) {
      if (!(error instanceof TillRefusal)) console.error('The open order could not be deleted', error);
      notify.error(refusalMessage(error, messages.openOrderDeleteFailed));
    } finally {
      setDeleting(false);
      setAsked(null);
    }
  }

  const orders = local.status === 'ready' ? local.data : [];
  const inCurrency = (header: string) => (session.currencyCode ? `${header} (${session.currencyCode})` : header);
  const columns: DataTableColumn[] = [
    { id: 'number', header: 'No', className: 'data-table__nowrap' },
    { id: 'invoice', header: 'Invoice', className: 'data-table__nowrap' },
    { id: 'customer', header: 'Customer' },
    { id: 'staff', header: 'Staff' },
    { id: 'date', header: 'Date' },
    { id: 'total', header: inCurrency('Total'), className: 'open-orders__amount' },
    { id: 'action', header: 'Action', headerHidden: true },
  ];
  const count = orders.length;
  return (
    <Screen
      title="Open orders"
      description={local.status === 'ready' ? `${count} saved ${count === 1 ? 'order' : 'orders'}` : 'Saved carts waiting to be paid.'}
      tools={
        <Link to={tillPaths.cart(session.area)} className="button button--primary">
          Cart
        </Link>
      }
    >
      <DataTable
        ref={tableRef}
        label="Open orders"
        columns={columns}
        state={
          local.status === 'ready'
            ? { status: 'ready' }
            : local.status === 'error'
              ? { status: 'error', message: 'The open orders could not be read from this device', onRetry: () => window.location.reload() }
              : { status: 'loading', label: 'Loading open orders…' }
        }
        rowCount={count}
        empty="No open orders: a saved cart shows here until it is paid."
      >
        {orders.map((order, index) => (
          <tr key={order.ref} className="data-table__row">
            <td>{index + 1}</td>
            <td className="data-table__nowrap">{order.invoiceNumber}</td>
            <td>
              {order.customer ? (
                <>
                  <span className="open-orders__customer">{order.customer.customerName}</span>{' '}
                  <span className="open-orders__phone">{order.customer.phoneNumber}</span>
                </>
              ) : (
                '—'
              )}
            </td>
            <td>{order.staff || '—'}</td>
            <td>
              <OrderDate createdAt={order.createdAt} timeZone={session.timeZone} />
            </td>
            <td className="open-orders__amount">{formatMoney(order.totalAmount)}</td>
            <td>
              <TableActions>
                <TableLink icon={FolderOpen} label={`Open ${order.invoiceNumber}`} text="Open" tone="primary" to={tillPaths.openOrder(session.area, order.ref)} />
                <TableButton icon={Trash2} label={`Delete ${order.invoiceNumber}`} tone="danger" onClick={() => setAsked(order)} />
              </TableActions>
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={asked !== null}
        message={messages.confirmDeleteOpenOrder}
        detail={asked ? `${asked.invoiceNumber}${asked.customer ? ` · ${asked.customer.customerName}` : ''}` : undefined}
        tone="danger"
        busy={deleting}
        busyLabel="Deleting…"
        fallbackFocus={() => tableRef.current}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setAsked(null)}
      />
    </Screen>
  );
}

function OrderDate({ createdAt, timeZone }: { createdAt: number; timeZone: string | undefined }) {
  const parts = dateAndTime(createdAt, timeZone);
  if (!parts) return <>—</>;
  return (
    <>
      <span className="data-table__nowrap">{parts.date},</span> <span className="data-table__nowrap">{parts.time}</span>
    </>
  );
}
