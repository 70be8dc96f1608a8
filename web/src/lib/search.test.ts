import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

const shop = ['Corner Grocery', 'owner@corner.example', 'Maldives', 'MVR'];

describe('table search', () => {
  it('shows every row while nothing is typed', () => {
    expect(matchesSearch('', shop)).toBe(true);
    expect(matchesSearch('   ', shop)).toBe(true);
  });

  it('matches any searched field, ignoring case', () => {
    expect(matchesSearch('grocery', shop)).toBe(true);
    expect(matchesSearch('OWNER@', shop)).toBe(true);
    expect(matchesSearch('maldiv', shop)).toBe(true);
    expect(matchesSearch('mvr', shop)).toBe(true);
    expect(matchesSearch('bakery', shop)).toBe(false);
  });

  it('needs every word typed, each in some field', () => {
    expect(matchesSearch('corner mvr', shop)).toBe(true);
    expect(matchesSearch('corner usd', shop)).toBe(false);
  });

  it('ignores accents and skips empty fields', () => {
    expect(matchesSearch('cafe', ['Café Malé', null, undefined, ''])).toBe(true);
    expect(matchesSearch('x', [null])).toBe(false);
  });
});
