import { ReceiptText, Trash } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  DataTable, EditableRow, EmailText, TableButton, type DataTableColumn, type EditableCell,
} from '@/components/data-table';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { matchesSearch } from '@/lib/search';
import type { ServerDataHandle } from '@/lib/use-server-data';
import { deleteCustomer, updateCustomer, type Customer, type CustomerFields } from '../api/customers-api';
import { money, twoDecimals } from '../format';
import { customerPaths } from '../shop-area';
import { type ShopSession } from '@/features/auth';
import { customerErrors, PHONE_NUMBER_LENGTH, trimmedCustomer } from '../validation';
import './customers.css';

const amount = 'customers-table__amount';

/** The customers the search text finds, on name, phone and email. */
export const matchingCustomers = (customers: Customer[], searchText: string) =>
  customers.filter((customer) => matchesSearch(searchText, [customer.customerName, customer.phoneNumber, customer.email]));

interface CustomersTableProps {
  customers: ServerDataHandle<Customer[]>;
  searchText: string;
  session: ShopSession;
}

/**
 * The customers table: No, name (a link to the customer's invoices), phone, email,
 * loyalty points and their amount in the shop's currency. The Action column shows
 * only with customer_update or customer_delete, Edit (inline, with Save) only with the first,
 * Delete (after SPEC's confirmation) only with the second. Filtered by the search text on name,
 * phone and email.
 */
export function CustomersTable({ customers, searchText, session }: CustomersTableProps) {
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  const { state, reload, update } = customers;
  const canUpdate = session.can('customer_update');
  const canDelete = session.can('customer_delete');
  const withActions = canUpdate || canDelete;

  const columns: DataTableColumn[] = [
    { id: 'no', header: 'No', className: 'data-table__number' },
    { id: 'name', header: 'Name' },
    { id: 'phone', header: 'Phone', className: 'data-table__nowrap' },
    { id: 'email', header: 'Email' },
    { id: 'points', header: 'Loyalty points', className: amount },
    { id: 'amount', header: 'Point amount', className: amount },
    ...(withActions ? [{ id: 'actions', header: 'Action', className: 'data-table__nowrap' }] : []),
  ];

  const shown = state.status === 'ready' ? matchingCustomers(state.data, searchText) : [];

  async function save(customer: Customer, draft: CustomerFields): Promise<boolean> {
    try {
      const saved = await updateCustomer(customer._id, trimmedCustomer(draft));
      update((list) => list.map((known) => (known._id === customer._id ? saved : known)));
      notify.success(messages.customerUpdated);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, messages.customerUpdateFailed));
      return false;
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await deleteCustomer(deleting._id);
      const removed = deleting;
      update((list) => list.filter((known) => known._id !== removed._id));
      notify.success(messages.customerDeleted);
    } catch (error) {
      notify.error(errorMessage(error, messages.customerDeleteFailed));
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  }

  const tableState =
    state.status === 'error'
      ? { status: 'error' as const, message: state.message, onRetry: reload }
      : state.status === 'ready'
        ? { status: 'ready' as const }
        : { status: 'loading' as const, label: 'Loading customers…' };

  return (
    <>
      <DataTable
        ref={tableRef}
        label="Customers"
        columns={columns}
        state={tableState}
        rowCount={shown.length}
        empty={state.status === 'ready' && state.data.length > 0 ? 'No customer matches the search.' : 'No customers yet.'}
      >
        {shown.map((customer, index) => {
          const name = customer.customerName;
          const cells: EditableCell<keyof CustomerFields>[] = [
            { id: 'no', view: index + 1, className: 'data-table__number' },
            {
              id: 'name',
              // The name leads to the customer's details and invoices: no column of its own, so
              // the table fits a tablet's width.
              view: (
                <Link className="customers-table__name" to={customerPaths.invoices(session.area, customer._id)} aria-label={`Invoices of ${name}`} title={`Invoices of ${name}`}>
                  {name}
                  <ReceiptText aria-hidden="true" />
                </Link>
              ),
              edit: { field: 'customerName', label: 'Name', autoCapitalize: 'words' },
            },
            {
              id: 'phone',
              view: customer.phoneNumber,
              className: 'data-table__nowrap',
              edit: { field: 'phoneNumber', label: 'Phone', type: 'tel', inputMode: 'numeric', maxLength: PHONE_NUMBER_LENGTH },
            },
            {
              id: 'email',
              view: customer.email ? <EmailText email={customer.email} /> : <span className="customers-table__none">—</span>,
              edit: { field: 'email', label: 'Email', type: 'email', inputMode: 'email' },
            },
            { id: 'points', view: twoDecimals(customer.loyalityPoint), className: amount },
            { id: 'amount', view: money(customer.pointAmount, session.currencyCode), className: amount },
          ];
          if (!withActions) {
            return (
              <tr key={customer._id} className="data-table__row">
                {cells.map((cell) => (
                  <td key={cell.id} className={cell.className}>
                    {cell.view}
                  </td>
                ))}
              </tr>
            );
          }
          return (
            <EditableRow
              key={customer._id}
              name={name}
              editable={canUpdate}
              values={{ customerName: name, phoneNumber: customer.phoneNumber, email: customer.email }}
              validate={customerErrors}
              onSave={(draft) => save(customer, draft)}
              cells={cells}
              actions={
                canDelete && <TableButton icon={Trash} label={`Delete ${name}`} tone="danger" onClick={() => setDeleting(customer)} />
              }
            />
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={deleting !== null}
        message={messages.confirmDeleteCustomer}
        detail={deleting ? `${deleting.customerName} · ${deleting.phoneNumber}` : undefined}
        tone="danger"
        busy={deleteBusy}
        busyLabel="Deleting…"
        fallbackFocus={() => tableRef.current}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
