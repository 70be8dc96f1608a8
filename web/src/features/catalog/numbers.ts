/**
 * Showing the server's numbers. They arrive as JSON numbers carrying the server's exact digits
 * (at most 2 decimals for money, 4 for percentages), so they are only ever turned into text,
 * never computed with: money stays exact on screen.
 */

/**
 * The number as plain decimal text, e.g. 12.5 -> "12.5". For the server's values, String() gives
 * exactly the digits sent (it prints the shortest text that reads back as the same number).
 */
export function decimalText(value: number | string): string {
  if (typeof value === 'string') return value.trim();
  const text = String(value);
  // Exponent form only appears far outside the server's ranges; spell it out anyway.
  return /e/i.test(text) ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : text;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Money with 2 decimals and the shop's currency: "MVR 1,234.50". */
export function formatMoney(value: number | string, currencyCode?: string | null): string {
  const text = decimalText(value);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const amount = `${negative ? '-' : ''}${groupThousands(whole)}.${fraction.padEnd(2, '0')}`;
  return currencyCode ? `${currencyCode} ${amount}` : amount;
}

/** A percentage as stored: "12.5%". */
export const formatPercent = (value: number | string) => `${decimalText(value)}%`;

/** A product's discount as its type says: "10%", or an amount off each unit, "5.00 flat". */
export function formatDiscount(value: number, type: 'percentage' | 'flat', currencyCode?: string | null): string {
  return type === 'flat' ? `${formatMoney(value, currencyCode)} flat` : formatPercent(value);
}
