import { line } from 'd3-shape';
import { describe, expect, it } from 'vitest';
import { smoothedLine } from './smooth-curve';

/** Every y the path names (points and Bézier handles), from its SVG text. */
function heights(path: string): number[] {
  return [...path.matchAll(/[MLCQ]([^MLCQZ]+)/g)].flatMap(([, args]) =>
    args.split(/[ ,]/).filter(Boolean).map(Number).filter((_, index) => index % 2 === 1),
  );
}

describe('the smoothed daily line', () => {
  it('bends between days but never past them: no dip below a quiet day, no bump above a busy one', () => {
    // Screen coordinates: a larger y is lower. Quiet days at 100 (zero sales), one busy day at 0.
    const days: [number, number][] = [[0, 100], [10, 100], [20, 100], [30, 0], [40, 100]];
    const path = line().curve(smoothedLine)(days) ?? '';
    expect(path).toContain('C');
    const ys = heights(path);
    expect(Math.max(...ys)).toBe(100);
    expect(Math.min(...ys)).toBe(0);
    const straight = line()(days) ?? '';
    expect(path).not.toBe(straight);
  });
});
