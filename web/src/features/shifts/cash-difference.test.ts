import { describe, expect, it } from 'vitest';
import { cashDifference } from './cash-difference';

describe('a shift’s cash difference in words', () => {
  it('says short, over or balanced, signed, in the shop’s currency', () => {
    expect(cashDifference('-2.00', 'MVR')).toMatchObject({ text: '-MVR 2.00 short', tone: 'short', amount: '-MVR 2.00', direction: 'short' });
    expect(cashDifference('4.2', '')).toMatchObject({ text: '+4.20 over', tone: 'over' });
    expect(cashDifference('-0.00', 'MVR')).toMatchObject({ text: 'MVR 0.00 (balanced)', tone: 'even' });
    expect(cashDifference('1234.5', 'MVR').text).toBe('+MVR 1,234.50 over');
  });
});
