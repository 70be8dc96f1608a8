import { describe, expect, it } from 'vitest';
import { dateTime, money, paymentMethodName, statusName, twoDecimals } from './format';

describe('writing amounts', () => {
  it.each([
    [0, '0.00'],
    [12.5, '12.50'],
    [1234.56, '1,234.56'],
    [1234567.1, '1,234,567.10'],
    [-3.1, '-3.10'],
    ['0.1', '0.10'],
    ['2.345', '2.35'],
    ['2.344', '2.34'],
    ['999.995', '1,000.00'],
    ['-0.001', '0.00'],
  ])('%s reads %s', (value, text) => {
    expect(twoDecimals(value)).toBe(text);
  });

  it('writes the sum the server computed, not a float’s approximation', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; the server sends 0.3.
    expect(twoDecimals(0.3)).toBe('0.30');
  });

  it('names the shop’s currency when known', () => {
    expect(money(40, 'MVR')).toBe('MVR 40.00');
    expect(money(40, '')).toBe('40.00');
  });
});

describe('writing dates and names', () => {
  it('uses a medium date with a short time, in the shop’s time zone', () => {
    const noonUtc = Date.UTC(2025, 2, 5, 12, 30);
    expect(dateTime(noonUtc, 'UTC')).toBe('Mar 5, 2025, 12:30 PM');
    expect(dateTime(noonUtc, 'Indian/Maldives')).toBe('Mar 5, 2025, 5:30 PM');
    expect(dateTime(noonUtc, 'Not/AZone')).toMatch(/^Mar 5, 2025, /);
    expect(dateTime(Number.NaN)).toBe('—');
  });

  it('shows payment methods as SPEC names them', () => {
    expect(paymentMethodName('cash')).toBe('Cash');
    expect(paymentMethodName('internal-device')).toBe('Swipe');
    expect(paymentMethodName('digital')).toBe('Stripe');
    expect(paymentMethodName(null)).toBe('—');
  });

  it('capitalises a status', () => {
    expect(statusName('refunded')).toBe('Refunded');
  });
});
