import { Link } from 'react-router';
import type { ShopArea } from '@/config/paths';
import { dateTime, money, paymentMethodName } from '../invoices/format';
import { salesPaths } from '../invoices/sales-area';
import type { GiftCardEntry } from '../api/gift-cards';
import type { GiftCardLookUp } from './look-up-gift-card';

interface GiftCardBalanceProps {
  card: GiftCardLookUp;
  currencyCode: string;
  timeZone: string | undefined;
  area: ShopArea;
}

const kindWords: Record<GiftCardEntry['kind'], string> = { sold: 'Sold', load: 'Loaded', payment: 'Payment', refund: 'Refund' };

/** "Sold (Cash)", "Loaded (Swipe)", "Payment", "Refund". */
const entryWords = (entry: GiftCardEntry) => {
  const kind = kindWords[entry.kind] ?? entry.kind;
  return entry.method ? `${kind} (${paymentMethodName(entry.method)})` : kind;
};

/**
 * A card's balance: online, the server's, with its ledger newest first (each payment or refund
 * linking to its sale); offline, what this till last learnt and when.
 */
export function GiftCardBalance({ card, currencyCode, timeZone, area }: GiftCardBalanceProps) {
  if (!card.ledger) {
    return (
      <div className="gift-card-balance" role="status">
        <p className="gift-card-balance__figure">
          Gift card {card.number}: <strong>{money(card.remembered.balance, currencyCode)}</strong>
        </p>
        <p className="gift-card-balance__note">Offline: the balance when this till last checked it, {dateTime(card.remembered.learntAt, timeZone)}.</p>
      </div>
    );
  }
  const { entries } = card.ledger;
  return (
    <div className="gift-card-balance">
      <p className="gift-card-balance__figure" role="status">
        Gift card {card.number}: <strong>{money(card.ledger.balance, currencyCode)}</strong>
      </p>
      <div className="gift-card-balance__ledger">
        <table className="gift-card-balance__table" aria-label={`Gift card ${card.number} ledger`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Kind</th>
              <th scope="col" className="gift-card-balance__amount">
                Amount
              </th>
              <th scope="col">Sale</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry._id}>
                <td>{dateTime(entry.createdAt, timeZone)}</td>
                <td>{entryWords(entry)}</td>
                <td className="gift-card-balance__amount">{money(entry.amount, currencyCode)}</td>
                <td>{entry.invoiceId ? <Link to={salesPaths.invoice(area, entry.invoiceId)}>Invoice</Link> : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
