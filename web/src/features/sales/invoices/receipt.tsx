import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Invoice } from '@/types/invoice';
import { compareDecimal, isPositive } from '@/lib/decimal-text';
import type { ReceiptSettings } from '../api/receipt-settings';
import { useReceiptSettings } from '../receipt-settings/use-receipt-settings';
import { customDetailsOf, dateTime, money, paymentMethodName, partName, quantityText, twoDecimals } from './format';
import './receipt.css';

export interface ReceiptProps {
  invoice: Invoice;
  shopName: string;
  /** The shop's currency code for the totals (the payment dialog alone labels amounts MVR). */
  currencyCode: string;
  timeZone: string | undefined;
}

/**
 * A sale as the customer takes it home: the shop with its address and phone, the receipt number
 * of a paid sale (the shop's gap-free count of paid sales) and the invoice number, when it was
 * paid (medium date, short time), who bought and who sold, each line with its discount, then the discounts, tax, loyalty redemption, total, refunds and
 * how it was paid (each part of a sale paid in parts, the cash received, the change and the cash
 * rounding), and the shop's footer. Every amount is the server's (priced by the core);
 * nothing is added up here. Laid out for the shop's paper: an 80 mm roll or an A4 sheet.
 */
export function Receipt({ invoice, shopName, currencyCode, timeZone }: ReceiptProps) {
  const settings = useReceiptSettings();
  return <ReceiptLayout invoice={invoice} shopName={shopName} currencyCode={currencyCode} timeZone={timeZone} settings={settings} />;
}

/** The receipt with the given settings (the settings screen previews its draft with it). */
export function ReceiptLayout({
  invoice,
  shopName,
  currencyCode,
  timeZone,
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
        {!custom && <PaymentLines invoice={invoice} inCurrency={inCurrency} />}
      </dl>
      {settings?.receiptFooter && <p className="receipt__footer">{settings.receiptFooter}</p>}
    </article>
  );
}

/**
 * How the sale was paid: each part (the one method too), the cash handed over and the change,
 * and what the shop's cash rounding added or took off.
 */
function PaymentLines({ invoice, inCurrency }: { invoice: Invoice; inCurrency: (value: string) => string }) {
  const tenders = invoice.tenders ?? [];
  const rounding = invoice.rounding ?? '0';
  return (
    <>
      {tenders.length > 0 &&
        tenders.map((tender, index) => <Total key={index} label={partName(tender)} value={inCurrency(tender.amount)} />)}
      {invoice.cashReceived != null && <Total label="Cash received" value={inCurrency(invoice.cashReceived)} />}
      {invoice.cashReceived != null && <Total label="Change" value={inCurrency(invoice.change ?? '0')} />}
      {compareDecimal(rounding, 0) !== 0 && <Total label="Cash rounding" value={inCurrency(rounding)} />}
    </>
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
