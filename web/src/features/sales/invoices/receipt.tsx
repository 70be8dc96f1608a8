import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { CashTendered, Invoice } from '@/types/invoice';
import { isPositive } from '@/lib/decimal-text';
import type { ReceiptSettings } from '../api/receipt-settings';
import { useReceiptSettings } from '../receipt-settings/use-receipt-settings';
import { customDetailsOf, dateTime, money, paymentMethodName, quantityText, twoDecimals } from './format';
import './receipt.css';

export interface ReceiptProps {
  invoice: Invoice;
  shopName: string;
  /** The shop's currency code for the totals (the payment dialog alone labels amounts MVR). */
  currencyCode: string;
  timeZone: string | undefined;
  /** Printed right after a cash sale: what was handed over and the change given back. */
  cash?: CashTendered | null;
}

/**
 * A sale as the customer takes it home: the shop with its address and phone, the receipt number
 * of a paid sale (the shop's gap-free count of paid sales) and the invoice number, when it was
 * paid (medium date, short time), who bought and who sold, each line with its discount, then the discounts, tax, loyalty redemption, total, refunds and
 * how it was paid, and the shop's footer. Every amount is the server's (priced by the core);
 * nothing is added up here. Laid out for the shop's paper: an 80 mm roll or an A4 sheet.
 */
export function Receipt({ invoice, shopName, currencyCode, timeZone, cash = null }: ReceiptProps) {
  const settings = useReceiptSettings();
  return <ReceiptLayout invoice={invoice} shopName={shopName} currencyCode={currencyCode} timeZone={timeZone} cash={cash} settings={settings} />;
}

/** The receipt with the given settings (the settings screen previews its draft with it). */
export function ReceiptLayout({
  invoice,
  shopName,
  currencyCode,
  timeZone,
  cash = null,
  settings,
}: ReceiptProps & { settings: ReceiptSettings | null }) {
  const custom = invoice.status === 'custom';
  const details = customDetailsOf(invoice);
  const customer = custom ? details : invoice.customer;
  const customerName = details?.userName ?? invoice.customer?.customerName;
  const inCurrency = (value: string) => money(value, currencyCode);
  return (
    <article className={`receipt receipt--${settings?.receiptPaper ?? '80mm'}`} aria-label={`Receipt ${invoice.receiptNumber ?? invoice.invoiceNumber}`}>
      <header className="receipt__header">
        <h2 className="receipt__shop">{shopName || settings?.shopName || 'Receipt'}</h2>
        {settings?.address && <p className="receipt__address">{settings.address}</p>}
        {settings?.phoneNumber && <p className="receipt__phone">Tel {settings.phoneNumber}</p>}
        {invoice.receiptNumber && <p className="receipt__number">Receipt {invoice.receiptNumber}</p>}
        <p className={invoice.receiptNumber ? 'receipt__invoice-number' : 'receipt__number'}>
          {custom ? `Custom invoice ${invoice.invoiceNumber}` : `Invoice ${invoice.invoiceNumber}`}
        </p>
        <p className="receipt__date">{dateTime(invoice.paidAt ?? invoice.createdAt, timeZone)}</p>
      </header>
      <dl className="receipt__people">
        {customer && (
          <div>
            <dt>Customer</dt>
            <dd>
              {customerName}
              {customer.phoneNumber && ` · ${customer.phoneNumber}`}
            </dd>
          </div>
        )}
        {details?.email && (
          <div>
            <dt>Email</dt>
            <dd>{details.email}</dd>
          </div>
        )}
        {details?.address && (
          <div>
            <dt>Address</dt>
            <dd>{details.address}</dd>
          </div>
        )}
        <div>
          <dt>Served by</dt>
          <dd>{invoice.staff || '—'}</dd>
        </div>
      </dl>
      <table className="receipt__lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="receipt__amount">
              Qty × price
            </th>
            <th scope="col" className="receipt__amount">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.products.map((line) => (
            <tr key={line._id || line.productId}>
              <td>
                {line.productName}
                {isPositive(line.discountAmount) && <span className="receipt__note">Discount −{twoDecimals(line.discountAmount)}</span>}
                {isPositive(line.refundedQuantity) && (
                  <span className="receipt__note">
                    Returned {quantityText(line.refundedQuantity)} {line.unit}
                  </span>
                )}
              </td>
              <td className="receipt__amount">
                {quantityText(line.quantity)} {line.unit} × {twoDecimals(line.price)}
              </td>
              <td className="receipt__amount">{twoDecimals(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt__totals">
        <Total label="Sub total" value={inCurrency(invoice.subTotal)} />
        <Total label="Discount" value={inCurrency(invoice.totalDiscount)} />
        <Total label="Tax" value={inCurrency(invoice.totalTax)} />
        {isPositive(invoice.redeemAmount) && <Total label="Points redeemed" value={inCurrency(invoice.redeemAmount)} />}
        <Total label={custom ? 'Total Amount' : 'Total'} value={inCurrency(invoice.totalAmount)} strong />
        {isPositive(invoice.refundedAmount) && <Total label="Refunded" value={inCurrency(invoice.refundedAmount)} />}
        {!custom && <Total label="Payment method" value={paymentMethodName(invoice.paymentMethod)} />}
        {cash && <Total label="Cash received" value={money(cash.received, currencyCode)} />}
        {cash && <Total label="Change" value={money(cash.change, currencyCode)} />}
      </dl>
      {settings?.receiptFooter && <p className="receipt__footer">{settings.receiptFooter}</p>}
    </article>
  );
}

function Total({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'receipt__total receipt__total--strong' : 'receipt__total'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The copy the browser prints: placed straight under <body> and shown only in print, where the
 * print stylesheet hides everything else (the app, dialogs, toasts), so the printout holds the
 * receipt alone whatever screen asked for it.
 */
export function PrintCopy({ children }: { children: ReactNode }) {
  return createPortal(<div className="print-copy">{children}</div>, document.body);
}
