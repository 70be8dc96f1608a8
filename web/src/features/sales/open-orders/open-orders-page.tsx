import { FolderOpen, Trash2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, TableActions, TableButton, TableLink, type DataTableColumn } from '../../../components/data-table';
import { Screen } from '../../../components/screen';
import { messages } from '../../../config/messages';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useServerData } from '../../../lib/use-server-data';
import { formatMoney } from '../../catalog';
import { dateAndTime } from '../../customers';
import { deleteOpenOrder, listOpenOrders } from '../api/invoices';
import { tillPaths, useTillSession, useTillStore } from '../cart';
import type { Invoice } from '../types';
import './open-orders.css';

/**
 * SPEC part 2's open orders (/admin/open/orders, /staff/open/orders): the shop's saved carts,
 * newest first, each with its customer, staff member, date (medium date, short time) and total;
 * Open continues it, Delete asks "Do you want to delete this open order?" first.
 */
export function OpenOrdersPage() {
  const session = useTillSession();
  const load = useCallback((signal: AbortSignal) => listOpenOrders(signal), []);
  const { state, reload, update } = useServerData<Invoice[]>(load, messages.savedInvoiceFetchFailed);
  const [asked, setAsked] = useState<Invoice | null>(null);
  const [deleting, setDeleting] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);

  async function confirmDelete() {
    if (!asked || deleting) return;
    setDeleting(true);
    try {
      await deleteOpenOrder(asked._id);
      update((orders) => orders.filter((order) => order._id !== asked._id));
      // The cart screen must not keep showing a cart that no longer exists.
      if (useTillStore.getState().invoice?._id === asked._id) useTillStore.getState().setInvoice(null);
    } catch (error) {
      notify.error(errorMessage(error, messages.openOrderDeleteFailed));
    } finally {
      setDeleting(false);
      setAsked(null);
    }
  }

  const orders = state.status === 'ready' ? state.data : [];
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
      description={state.status === 'ready' ? `${count} saved ${count === 1 ? 'order' : 'orders'}` : 'Saved carts waiting to be paid.'}
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
          state.status === 'ready'
            ? { status: 'ready' }
            : state.status === 'error'
              ? { status: 'error', message: state.message, onRetry: reload }
              : { status: 'loading', label: 'Loading open orders…' }
        }
        rowCount={count}
        empty="No open orders: a saved cart shows here until it is paid."
      >
        {orders.map((order, index) => (
          <tr key={order._id} className="data-table__row">
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
            <td>{order.staff.userName || '—'}</td>
            <td>
              <OrderDate createdAt={order.createdAt} timeZone={session.timeZone} />
            </td>
            <td className="open-orders__amount">{formatMoney(order.totalAmount)}</td>
            <td>
              <TableActions>
                <TableLink icon={FolderOpen} label={`Open ${order.invoiceNumber}`} text="Open" tone="primary" to={tillPaths.openOrder(session.area, order._id)} />
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
