import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { CustomerInvoice } from '../api/customers-api';
import { dateAndTime, paymentMethodName, statusName, twoDecimals } from '../format';
import './customers.css';

const amount = 'customers-table__amount';

interface CustomerInvoicesTableProps {
  invoices: CustomerInvoice[];
  /** Named once in the amount headers rather than in every cell. */
  currencyCode: string;
  timeZone: string | undefined;
}

/**
 * One customer's invoices, newest first as the server sends them: number, date (a
 * medium date with short time), status, payment method (Cash, Swipe or Stripe), the amounts and
 * the staff member who made the sale.
 */
export function CustomerInvoicesTable({ invoices, currencyCode, timeZone }: CustomerInvoicesTableProps) {
  const inCurrency = (header: string) => (currencyCode ? `${header} (${currencyCode})` : header);
  const columns: DataTableColumn[] = [
    { id: 'number', header: 'Invoice no', className: 'data-table__nowrap' },
    { id: 'date', header: 'Date' },
    { id: 'status', header: 'Status' },
    { id: 'method', header: 'Payment method', className: 'customers-table__wrap-header' },
    { id: 'subTotal', header: inCurrency('Sub total'), className: amount },
    { id: 'discount', header: inCurrency('Discount'), className: amount },
    { id: 'total', header: inCurrency('Total'), className: amount },
    { id: 'refunded', header: inCurrency('Refunded'), className: amount },
    { id: 'staff', header: 'Staff' },
  ];
  return (
    <DataTable
      label="Invoices"
      columns={columns}
      state={{ status: 'ready' }}
      rowCount={invoices.length}
      empty="This customer has no invoices yet."
    >
      {invoices.map((invoice) => (
        <tr key={invoice._id} className="data-table__row">
          <td className="data-table__nowrap">{invoice.invoiceNumber}</td>
          <td>
            <InvoiceDate createdAt={invoice.createdAt} timeZone={timeZone} />
          </td>
          <td>
            <span className={`customer-status customer-status--${invoice.status}`}>{statusName(invoice.status)}</span>
          </td>
          <td>{paymentMethodName(invoice.paymentMethod)}</td>
          <td className={amount}>{twoDecimals(invoice.subTotal)}</td>
          <td className={amount}>{twoDecimals(invoice.totalDiscount)}</td>
          <td className={amount}>{twoDecimals(invoice.totalAmount)}</td>
          <td className={amount}>{twoDecimals(invoice.refundedAmount)}</td>
          <td>{invoice.staff || '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The date, and the time beside it or, in a narrow column, under it. */
function InvoiceDate({ createdAt, timeZone }: { createdAt: number; timeZone: string | undefined }) {
  const parts = dateAndTime(createdAt, timeZone);
  if (!parts) return <>—</>;
  return (
    <>
      <span className="data-table__nowrap">{parts.date},</span> <span className="data-table__nowrap">{parts.time}</span>
    </>
  );
}
