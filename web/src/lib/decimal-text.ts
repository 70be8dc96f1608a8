/**
 * Exact comparisons of the till's decimal amounts and quantities (at most 3 decimals: money has
 * 2, weighed quantities 3), from their text, never through float arithmetic.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d{0,3}))?$/;

/** The value in thousandths, or null when the text is not a plain decimal with <= 3 decimals. */
export function thousandths(value: string | number): bigint | null {
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const scaled = BigInt(whole + fraction.padEnd(3, '0'));
  return sign === '-' ? -scaled : scaled;
}

/** -1, 0 or 1 as `left` is below, equal to or above `right`; both must be plain decimals. */
export function compareDecimal(left: string | number, right: string | number): number {
  const a = thousandths(left);
  const b = thousandths(right);
  if (a === null || b === null) throw new Error(`Cannot compare ${left} with ${right}`);
  return a === b ? 0 : a < b ? -1 : 1;
}

/** The value's plain text ("1.250" and 1.25 -> "1.25"), so equal amounts are equal strings. */
export function canonicalDecimal(value: string | number): string {
  const scaled = thousandths(value);
  if (scaled === null) throw new Error(`Not a decimal: ${value}`);
  return fromThousandths(scaled);
}

/** `left - right` as decimal text (3 decimals, trailing zeros dropped). */
export function subtractDecimal(left: string | number, right: string | number): string {
  const a = thousandths(left);
  const b = thousandths(right);
  if (a === null || b === null) throw new Error(`Cannot subtract ${right} from ${left}`);
  return fromThousandths(a - b);
}

/** The sum of decimal amounts, as decimal text. */
export function sumDecimal(values: readonly (string | number)[]): string {
  let total = 0n;
  for (const value of values) {
    const scaled = thousandths(value);
    if (scaled === null) throw new Error(`Cannot add ${value}`);
    total += scaled;
  }
  return fromThousandths(total);
}

/** Money as 2-decimal text ("12.5" -> "12.50", "3" -> "3.00"); it must have at most 2 decimals. */
export function moneyText(value: string | number): string {
  const text = canonicalDecimal(value);
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > 2) throw new Error(`Not money: ${value}`);
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

function fromThousandths(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(4, '0');
  const fraction = digits.slice(-3).replace(/0+$/, '');
  const text = fraction ? `${digits.slice(0, -3)}.${fraction}` : digits.slice(0, -3);
  return negative ? `-${text}` : text;
}

/** Whether the amount is above zero ("0.00", "0" and "-1" are not). */
export const isPositive = (value: string | number) => compareDecimal(value, 0) > 0;
