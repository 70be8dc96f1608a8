import { describe, expect, it } from 'vitest';
import { parseMonth, parseYear, todayText } from './period';

describe('the dashboard period', () => {
  it("starts at the shop's today, which can be another date than the browser's", () => {
    const lateEveningUtc = new Date('2026-11-21T19:35:00Z');
    expect(todayText(lateEveningUtc, 'UTC')).toBe('2026-11-21');
    expect(todayText(lateEveningUtc, 'Indian/Maldives')).toBe('2026-11-22');
    expect(todayText(lateEveningUtc, 'America/New_York')).toBe('2026-11-21');
    expect(todayText(new Date('2026-01-01T04:59:00Z'), 'America/New_York')).toBe('2025-12-31');
  });

  it("falls back to the browser's zone for an unknown zone name", () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(todayText(now, 'Mars/Olympus')).toBe(todayText(now));
  });

  it('keeps month and year inside their ranges', () => {
    expect(parseMonth('12')).toEqual({ ok: true, value: 12 });
    expect(parseMonth('13').ok).toBe(false);
    expect(parseYear('2100')).toEqual({ ok: true, value: 2100 });
    expect(parseYear('1899').ok).toBe(false);
  });
});
