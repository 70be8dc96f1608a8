/**
 * How a shift's cash difference (core's `difference`: counted less expected) is written
 * everywhere a person reads it: signed, in the shop's currency, with its direction:
 * "-MVR 2.50 short", "+MVR 4.22 over", "MVR 0.00 (balanced)".
 */
import { money } from '@/lib/money-text';

export type DifferenceTone = 'over' | 'short' | 'even';

export interface CashDifference {
  /** The signed amount: "-MVR 2.50", "+MVR 4.22", "MVR 0.00". */
  amount: string;
  /** "short", "over" or "balanced". */
  direction: string;
  /** `amount` and `direction` in one line: "-MVR 2.50 short", "MVR 0.00 (balanced)". */
  text: string;
  tone: DifferenceTone;
}

export function cashDifference(difference: string, currencyCode: string): CashDifference {
  const written = difference.trim();
  const negative = written.startsWith('-');
  const magnitude = negative ? written.slice(1) : written;
  if (/^0*(\.0*)?$/.test(magnitude)) {
    const amount = money('0', currencyCode);
    return { amount, direction: 'balanced', text: `${amount} (balanced)`, tone: 'even' };
  }
  const amount = `${negative ? '-' : '+'}${money(magnitude, currencyCode)}`;
  const direction = negative ? 'short' : 'over';
  return { amount, direction, text: `${amount} ${direction}`, tone: negative ? 'short' : 'over' };
}
