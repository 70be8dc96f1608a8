import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { ServerData } from '@/lib/use-server-data';
import type { InvoiceListStatus } from '../api/invoice-records';
import type { Invoice } from '@/types/invoice';
import { customDetailsOf, dateTime, paymentMethodName, twoDecimals } from './format';
import { salesPaths } from './sales-area';
import type { InvoiceRows } from './use-invoice-pages';
import './invoices.css';
import { type ShopSession } from '@/features/auth';

const amount = 'invoices-table__amount';

/** Who the invoice is for: the till's customer, or the custom invoice's typed-in one. */
export function customerOf(invoice: Invoice) {
  if (invoice.customer) return { name: invoice.customer.customerName, phone: invoice.customer.phoneNumber };
  const details = customDetailsOf(invoice);
  return details ? { name: details.userName, phone: details.phoneNumber } : null;
}

/** The time a tab's list is ordered by: the payment, the last refund, or the creation. */
function listedAt(status: InvoiceListStatus, invoice: Invoice) {
  if (status === 'refunded') return invoice.refundedAt ?? invoice.paidAt ?? invoice.createdAt;
  return invoice.paidAt ?? invoice.createdAt;
}

/**
 * "Nov 26, 2026, 5:07 PM" that breaks, in a narrow column, only between the date and the time:
 * two lines rather than a word a line.
 */
function DateAndTime({ text }: { text: string }) {
  const split = text.lastIndexOf(', ');
  if (split < 0) return text;
  return (
    <>
      <span className="invoices-table__unbroken">{text.slice(0, split + 1)}</span>{' '}
      <span className="invoices-table__unbroken">{text.slice(split + 2)}</span>
    </>
  );
}

interface InvoicesTableProps {
  status: InvoiceListStatus;
  invoices: ServerData<InvoiceRows>;
  onRetry: () => void;
  /** A search or a filter narrows the list. */
  narrowed: boolean;
  session: ShopSession;
}

/**
 * One tab's invoices, newest first as the server sends them: number, date (the medium
 * date with short time: of the payment, or of the last refund on the Refunded tab), customer,
 * staff, payment method, total and refunded amount (custom invoices are never paid: no method or
 * refund). A row opens the invoice.
 */
export function InvoicesTable({ status, invoices, onRetry, narrowed, session }: InvoicesTableProps) {
  const navigate = useNavigate();
  const custom = status === 'custom';
  const inCurrency = (header: string) => (session.currencyCode ? `${header} (${session.currencyCode})` : header);
  const columns: DataTableColumn[] = [
    { id: 'number', header: 'Invoice no', className: 'data-table__nowrap' },
    { id: 'date', header: status === 'refunded' ? 'Refund date' : 'Date' },
    { id: 'customer', header: 'Customer' },
    { id: 'staff', header: 'Staff' },
    ...(custom ? [] : [{ id: 'method', header: 'Payment method' }]),
    { id: 'total', header: inCurrency('Total'), className: amount },
    ...(custom ? [] : [{ id: 'refunded', header: inCurrency('Refunded'), className: amount }]),
  ];
  const shown = invoices.status === 'ready' ? invoices.data.rows : [];
  const tableState =
    invoices.status === 'ready'
      ? { status: 'ready' as const }
      : invoices.status === 'error'
        ? { status: 'error' as const, message: invoices.message, onRetry }
        : { status: 'loading' as const, label: 'Loading invoices…' };
  const empty = narrowed ? 'No invoice matches the search and filters.' : emptyText[status];

  return (
    <DataTable label={`${tabNames[status]} invoices`} columns={columns} state={tableState} rowCount={shown.length} empty={empty}>
      {shown.map((invoice) => {
        const customer = customerOf(invoice);
        const to = salesPaths.invoice(session.area, invoice._id);
        return (
          <tr key={invoice._id} className="data-table__row invoices-table__row" onClick={() => void navigate(to)}>
            <td className="data-table__nowrap">
              <Link to={to} className="invoices-table__number" onClick={(event) => event.stopPropagation()}>
                {invoice.invoiceNumber}
              </Link>
              {invoice.receiptNumber && (
                <span className="invoices-table__receipt" title="Receipt number">
                  <span className="visually-hidden">Receipt </span>
                  {invoice.receiptNumber}
                </span>
              )}
            </td>
            <td>
              <DateAndTime text={dateTime(listedAt(status, invoice), session.timeZone)} />
            </td>
            <td>{customer ? customer.name : <span className="invoices-table__none">—</span>}</td>
            <td>{invoice.staff || '—'}</td>
            {!custom && <td>{paymentMethodName(invoice.paymentMethod)}</td>}
            <td className={amount}>{twoDecimals(invoice.totalAmount)}</td>
            {!custom && <td className={amount}>{twoDecimals(invoice.refundedAmount)}</td>}
          </tr>
        );
      })}
    </DataTable>
  );
}

export const tabNames: Record<InvoiceListStatus, string> = { paid: 'Paid', refunded: 'Refunded', custom: 'Custom' };

const emptyText: Record<InvoiceListStatus, string> = {
  paid: 'No paid invoices yet.',
  refunded: 'No refunded invoices.',
  custom: 'No custom invoices yet.',
};
