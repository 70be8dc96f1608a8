import { twoDecimals } from '@/lib/money-text';
import type { PaymentMethodSummary } from '../types';

/**
 * The tiles, labelled MVR; Swipe is the internal device, Stripe the card checkout. Store credit
 * and gift cards have a tile only in a period where they took money (the summary lists them only
 * then).
 */
const methodTiles = [
  { method: 'cash', label: 'Cash MVR' },
  { method: 'internal-device', label: 'Swipe MVR' },
  { method: 'digital', label: 'Stripe MVR' },
] as const;
const occasionalTiles = [
  { method: 'store-credit', label: 'Store credit MVR' },
  { method: 'gift-card', label: 'Gift card MVR' },
] as const;

/** A period's totals per payment method and together, each exactly as the server sent it. */
export function MethodTiles({ summary }: { summary: PaymentMethodSummary }) {
  const amountOf = (method: string) =>
    summary.date.paymentMethod.find((entry) => entry.paymentType.paymentMethod === method)?.roundedTotalAmount;
  const listed = [...methodTiles, ...occasionalTiles.filter((tile) => amountOf(tile.method) !== undefined)];
  const tiles = [
    ...listed.map((tile) => ({ label: tile.label, amount: amountOf(tile.method), total: false })),
    { label: 'Total MVR', amount: summary.date.grandTotal.roundedTotalAmount, total: true },
  ];
  return (
    <dl className="method-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className={tile.total ? 'method-tile method-tile--total' : 'method-tile'}>
          <dt>{tile.label}</dt>
          {/* A method the server left out is not written as a sum nobody sent. */}
          <dd>{tile.amount === undefined ? '—' : twoDecimals(tile.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
