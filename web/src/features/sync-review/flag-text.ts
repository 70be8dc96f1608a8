/**
 * What each sync flag means, in plain words for the admin (docs/api-till-sync.md "Flags"). The
 * amounts in a flag's detail are JSON numbers with exact digits: they are written through the
 * app's money text (lib/money-text.ts), never through float arithmetic.
 */
import { money, twoDecimals } from '../../lib/money-text';
import { dateTime } from '@/features/sales';
import type { SaleFlag } from './sale-flags-api';

/** The shop a flag is told for: money in its currency, times in its zone. */
export interface FlagShop {
  currencyCode: string;
  timeZone: string | undefined;
}

/** A short name for the kind of issue, for the table's Issue column. */
const kindNames: Record<string, string> = {
  price_difference: 'Price difference',
  negative_stock: 'Negative stock',
  deleted_product: 'Deleted product',
  loyalty_shortfall: 'Loyalty shortfall',
  store_credit_shortfall: 'Store credit shortfall',
  gift_card_shortfall: 'Gift card shortfall',
  total_mismatch: 'Total mismatch',
  time_out_of_window: 'Till time not used',
};

/** Which of the till's times a `time_out_of_window` flag is about. */
const tillTimeNames: Record<string, string> = { createdAt: 'Rung up', paidAt: 'Paid' };

/** Why the server did not believe the till's time (pos_core::sale_time's window). */
const outOfWindowReasons: Record<string, string> = {
  ahead: "more than 5 minutes ahead of the server's clock",
  before_shop: 'before the shop was created',
  too_old: 'more than 7 days before it reached the server',
};

export const kindName = (kind: string) => kindNames[kind] ?? kind.replace(/_/g, ' ');

/** A number or numeric string of the detail, or null when the field is missing or not one. */
function numberField(detail: Record<string, unknown>, name: string): number | string | null {
  const value = detail[name];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return value.trim();
  return null;
}

function textField(detail: Record<string, unknown>, name: string): string | null {
  const value = detail[name];
  return typeof value === 'string' && value.trim() ? value : null;
}

/** A quantity as the server wrote it, with a true minus sign: "−2", "−0.125". */
const quantityText = (value: number | string) => String(value).replace(/^-/, '\u2212');

/** A quantity's unit after a number: the unit `no` counts pieces, so "−2 pcs". */
function stockUnit(unit: string | null): string | null {
  return unit === 'no' ? 'pcs' : unit;
}

/** A time of the detail (unix milliseconds), or null when the field is missing or not one. */
function timeField(detail: Record<string, unknown>, name: string): number | null {
  const value = detail[name];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/**
 * The sentence for one flag, e.g. "Charged MVR 3.00; the catalogue now prices it at MVR 20.00".
 * A detail missing a field it should have (or a kind this app does not know) says so plainly
 * rather than showing a made-up figure.
 */
export function flagSentence(flag: SaleFlag, { currencyCode, timeZone }: FlagShop): string {
  const { detail } = flag;
  const amount = (name: string) => {
    const value = numberField(detail, name);
    return value === null ? null : money(value, currencyCode);
  };
  const productId = textField(detail, 'productId');
  const product = textField(detail, 'productName') ?? (productId ? `Product ${productId}` : 'A product');

  switch (flag.kind) {
    case 'price_difference': {
      const charged = amount('chargedTotal');
      const catalogue = amount('catalogueTotal');
      if (charged === null || catalogue === null) break;
      return `Charged ${charged}; the catalogue now prices it at ${catalogue}`;
    }
    case 'negative_stock': {
      const after = numberField(detail, 'quantityAfter');
      if (after === null) break;
      // Flags recorded before the unit was part of the detail have none.
      const unit = stockUnit(textField(detail, 'unit'));
      return `${product}: stock went to ${quantityText(after)}${unit ? ` ${unit}` : ''}`;
    }
    case 'deleted_product':
      return `${product}: sold after the product was deleted`;
    case 'loyalty_shortfall': {
      const redeemed = amount('redeemed');
      const balance = numberField(detail, 'balance');
      const shortfall = amount('shortfall');
      if (redeemed === null || balance === null || shortfall === null) break;
      const left = twoDecimals(balance) === '0.00' ? 'no points were left' : `only ${money(balance, currencyCode)} in points were left`;
      return `Redeemed ${redeemed} but ${left}: ${shortfall} not covered`;
    }
    case 'store_credit_shortfall': {
      const spent = amount('spent');
      const balance = numberField(detail, 'balance');
      const shortfall = amount('shortfall');
      if (spent === null || balance === null || shortfall === null) break;
      const left = twoDecimals(balance) === '0.00' ? 'the customer had no store credit left' : `the customer had only ${money(balance, currencyCode)} left`;
      return `Spent ${spent} of store credit but ${left}: ${shortfall} not covered`;
    }
    case 'gift_card_shortfall': {
      const card = textField(detail, 'card');
      const spent = amount('spent');
      const balance = numberField(detail, 'balance');
      const shortfall = amount('shortfall');
      if (card === null || spent === null || balance === null || shortfall === null) break;
      const left = twoDecimals(balance) === '0.00' ? 'it had nothing left' : `it had only ${money(balance, currencyCode)} left`;
      return `Spent ${spent} from gift card ${card} but ${left}: ${shortfall} not covered`;
    }
    case 'total_mismatch': {
      const till = amount('tillTotal');
      const server = amount('serverTotal');
      if (till === null || server === null) break;
      return `The till's total ${till} differs from the server's ${server}; the server's was kept`;
    }
    case 'time_out_of_window': {
      const field = tillTimeNames[textField(detail, 'field') ?? ''];
      const claimed = timeField(detail, 'claimedAt');
      const used = timeField(detail, 'usedAt');
      const reason = outOfWindowReasons[textField(detail, 'reason') ?? ''];
      if (!field || claimed === null || used === null || !reason) break;
      return `${field} at ${dateTime(claimed, timeZone)} by the till's clock, ${reason}; dated ${dateTime(used, timeZone)}, when it reached the server`;
    }
    default:
      return 'This version of the app cannot describe this issue';
  }
  return 'The server sent this issue without its figures';
}
