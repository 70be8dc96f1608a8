import type { Invoice } from '@/types/invoice';
import { money, partName } from './format';

/**
 * How a paid sale was paid, part by part, and what was refunded to each part so far (a refund of
 * a sale paid in parts goes back over its methods). Nothing before it is paid.
 */
export function InvoiceTenders({ invoice, currencyCode }: { invoice: Invoice; currencyCode: string }) {
  const tenders = invoice.tenders ?? [];
  if (tenders.length === 0) return null;
  return (
    <section className="invoice-tenders" aria-labelledby="invoice-tenders-title">
      <h2 id="invoice-tenders-title" className="invoice-tenders__title">
        Paid by
      </h2>
      <table className="invoice-tenders__table">
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col" className="invoice-tenders__amount">
              Paid
            </th>
            <th scope="col" className="invoice-tenders__amount">
              Refunded
            </th>
          </tr>
        </thead>
        <tbody>
          {tenders.map((tender, index) => (
            <tr key={index}>
              <th scope="row">{partName(tender)}</th>
              <td className="invoice-tenders__amount">{money(tender.amount, currencyCode)}</td>
              <td className="invoice-tenders__amount">{money(tender.refunded, currencyCode)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
