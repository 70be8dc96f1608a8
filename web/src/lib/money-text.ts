/**
 * Writing money from its exact decimal text. Amounts arrive as JSON numbers with exact digits
 * (at most 2 decimals) or as the core's decimal strings; they are written from their text, never
 * through float arithmetic, so 0.1 + 0.2 never shows up as 0.30000000000000004 or rounds
 * differently from the server.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** "1234.5" or 1234.5 -> "1,234.50": grouped thousands, exactly 2 decimals (half up beyond). */
export function twoDecimals(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  // Exponent notation (beyond 1e21) or not a number: nothing sensible to round by hand.
  if (!match) return Number.isFinite(Number(text)) ? Number(text).toFixed(2) : text;
  const [, sign, whole, fraction = ''] = match;
  let cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && cents !== 0n;
  return `${negative ? '-' : ''}${grouped}.${digits.slice(-2)}`;
}

/** An amount in the shop's currency, e.g. "MVR 1,234.50" (the code left out while unknown). */
export const money = (value: number | string, currencyCode: string) =>
  currencyCode ? `${currencyCode} ${twoDecimals(value)}` : twoDecimals(value);
