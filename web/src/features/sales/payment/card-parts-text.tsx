/**
 * What the pages Stripe sends the browser back to say about the parts around a card payment:
 * on cancel, what the cashier took at the counter before the card; on success, how the sale was
 * paid, from the server's parts.
 */
import { money, partName } from '../invoices/format';
import type { InvoiceTender } from '@/types/invoice';
import type { PartTaken } from './parts-before-card';

/** "a", "a and b", "a, b and c". */
function listed(items: string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Cash and swipe are taken at the counter at once; a balance is spent only once Stripe confirms. */
const inHand = (part: PartTaken) => part.method === 'cash' || part.method === 'internal-device';

const balanceNames = { 'store-credit': 'store credit', 'gift-card': 'gift card' } as const;

/**
 * The card was cancelled after parts were taken: the cash and the swipe are the shop's with no
 * sale recorded, so the cashier takes the rest another way or gives them back; a gift card or
 * store credit part took nothing from its balance.
 */
export function PartsTakenBeforeCard({ parts, currencyCode }: { parts: PartTaken[]; currencyCode: string }) {
  const taken = parts.filter(inHand);
  const balances = [...new Set(parts.flatMap((part) => (part.method === 'store-credit' || part.method === 'gift-card' ? [balanceNames[part.method]] : [])))];
  if (taken.length === 0 && balances.length === 0) return null;
  return (
    <div className="payment-page__parts">
      {taken.length > 0 && (
        <p>
          Taken at the counter before the card: {taken.map((part) => `${partName(part)} ${money(part.amount, currencyCode)}`).join(', ')}.
          {` Take the rest another way, or give ${taken.length === 1 ? 'it' : 'these'} back.`}
        </p>
      )}
      {balances.length > 0 && <p>Nothing was taken from the {balances.sort().join(' or ')}.</p>}
    </div>
  );
}

/** How a part paid, in a sentence: "MVR 20.00 cash", "MVR 27.33 by card". */
function paidBy(tender: InvoiceTender, currencyCode: string): string {
  const amount = money(tender.amount, currencyCode);
  switch (tender.method) {
    case 'cash':
      return `${amount} cash`;
    case 'internal-device':
      return `${amount} by swipe`;
    case 'digital':
      return `${amount} by card`;
    default:
      return `${amount} from ${partName(tender).toLowerCase()}`;
  }
}

/** "MVR 20.00 cash and MVR 27.33 by card": the server's parts of a paid sale, in order. */
export const paidByParts = (tenders: InvoiceTender[], currencyCode: string) => listed(tenders.map((tender) => paidBy(tender, currencyCode)));
