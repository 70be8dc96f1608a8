import { afterEach, describe, expect, it } from 'vitest';
import { cancelAddLineTiming, finishAddLineTiming, KEPT_PER_NAME, startAddLineTiming, tillMeasure, tillNow, timed } from './till-timing';

const entries = (name: string) => performance.getEntriesByName(`till:${name}`);

afterEach(() => performance.clearMeasures());

describe('till timing', () => {
  it('records till:<name> measures with their detail, and what timed() runs', () => {
    tillMeasure('catalog-sync', tillNow() - 5, { products: 3 });
    expect(timed('search', () => 42)).toBe(42);
    expect(entries('catalog-sync')).toHaveLength(1);
    expect((entries('catalog-sync')[0] as PerformanceMeasure).detail).toEqual({ products: 3 });
    expect(entries('search')).toHaveLength(1);
  });

  it('ends an add only at a cart changed since the tap, and not after a cancel', () => {
    startAddLineTiming();
    finishAddLineTiming(Date.now() - 60_000);
    expect(entries('add-line')).toHaveLength(0);
    finishAddLineTiming(Date.now(), { lines: 1 });
    expect(entries('add-line')).toHaveLength(1);
    finishAddLineTiming(Date.now());
    expect(entries('add-line')).toHaveLength(1);

    startAddLineTiming();
    cancelAddLineTiming();
    finishAddLineTiming(Date.now());
    expect(entries('add-line')).toHaveLength(1);
  });

  it('keeps at most KEPT_PER_NAME entries of a name', () => {
    for (let count = 0; count < KEPT_PER_NAME + 3; count += 1) tillMeasure('barcode-lookup', tillNow());
    expect(entries('barcode-lookup').length).toBeLessThanOrEqual(KEPT_PER_NAME);
  });
});
