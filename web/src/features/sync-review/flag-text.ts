/**
 * What each sync flag means, in plain words for the admin (docs/api-till-sync.md "Flags"). The
 * amounts in a flag's detail are JSON numbers with exact digits: they are written through the
 * app's money text (lib/money-text.ts), never through float arithmetic.
 */
import { money, twoDecimals } from '../../lib/money-text';
import type { SaleFlag } from './sale-flags-api';

/** A short name for the kind of issue, for the table's Issue column. */
const kindNames: Record<string, string> = {
  price_difference: 'Price difference',
  negative_stock: 'Negative stock',
  deleted_product: 'Deleted product',
  loyalty_shortfall: 'Loyalty shortfall',
  total_mismatch: 'Total mismatch',
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

/** A quantity's unit after a number: the unit `no` (SPEC part 9) counts pieces, so "−2 pcs". */
function stockUnit(unit: string | null): string | null {
  return unit === 'no' ? 'pcs' : unit;
}

/**
 * The sentence for one flag, e.g. "Charged MVR 3.00; the catalogue now prices it at MVR 20.00".
 * A detail missing a field it should have (or a kind this app does not know) says so plainly
 * rather than showing a made-up figure.
 */
export function flagSentence(flag: SaleFlag, currencyCode: string): string {
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
    case 'total_mismatch': {
      const till = amount('tillTotal');
      const server = amount('serverTotal');
      if (till === null || server === null) break;
      return `The till's total ${till} differs from the server's ${server}; the server's was kept`;
    }
    default:
      return 'This version of the app cannot describe this issue';
  }
  return 'The server sent this issue without its figures';
}
