import { describe, expect, it } from 'vitest';
import { decimalText, formatDiscount, formatMoney, formatPercent } from './numbers';

describe('showing the server’s numbers', () => {
  it('keeps the digits the server sent', () => {
    expect(decimalText(12.5)).toBe('12.5');
    expect(decimalText(0.0001)).toBe('0.0001');
    expect(decimalText(1000000000)).toBe('1000000000');
    expect(decimalText(' 7 ')).toBe('7');
  });

  it('shows money with 2 decimals, thousands grouped, and the shop’s currency', () => {
    expect(formatMoney(1234.5, 'MVR')).toBe('MVR 1,234.50');
    expect(formatMoney(0, 'MVR')).toBe('MVR 0.00');
    expect(formatMoney(999999999.99, 'LKR')).toBe('LKR 999,999,999.99');
    expect(formatMoney(0.1, null)).toBe('0.10');
    expect(formatMoney(-5, 'MVR')).toBe('MVR -5.00');
  });

  it('shows percentages as stored and a discount as its type says', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatDiscount(10, 'percentage', 'MVR')).toBe('10%');
    expect(formatDiscount(5, 'flat', 'MVR')).toBe('MVR 5.00 flat');
  });
});
