/**
 * The "smoothing 0.4" for this month's line. The number is a line tension as Chart.js
 * knows it, which recharts has no prop for, so the line takes a d3 curve that draws the same
 * bends. Chart.js puts each point's Bézier handles at ±(tension / 2) × (next − previous) when
 * the neighbours are equally far away (its weights are the distances to them); d3's cardinal
 * spline puts them at ±((1 − k) / 6) × (next − previous). (1 − k) / 6 = 0.4 / 2 gives k = −0.2.
 * The days of a month sit at even steps along the axis, so the two agree except where a steep
 * rise makes Chart.js's distance weights uneven, and at the first and last point.
 *
 * A spline that loose swings past its points: a quiet day before a busy one would dip below
 * zero, showing sales that never happened. Chart.js keeps its handles inside the chart area;
 * here each handle's height is kept between the two days it joins, so the line never goes
 * below the lower nor above the higher of them.
 */
import { curveCardinal, type CurveFactory } from 'd3-shape';

const chartJsTension = 0.4;

const cardinal = curveCardinal.tension(1 - 3 * chartJsTension);

type PathContext = Parameters<CurveFactory>[0];

export const smoothedLine: CurveFactory = (context) => {
  let lastY = 0;
  const within = (y: number, from: number, to: number) => Math.min(Math.max(y, Math.min(from, to)), Math.max(from, to));
  const bounded: PathContext = {
    moveTo(x: number, y: number) {
      lastY = y;
      context.moveTo(x, y);
    },
    lineTo(x: number, y: number) {
      lastY = y;
      context.lineTo(x, y);
    },
    bezierCurveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number) {
      context.bezierCurveTo(x1, within(y1, lastY, y), x2, within(y2, lastY, y), x, y);
      lastY = y;
    },
    quadraticCurveTo(x1: number, y1: number, x: number, y: number) {
      context.quadraticCurveTo(x1, within(y1, lastY, y), x, y);
      lastY = y;
    },
    closePath() {
      context.closePath();
    },
  } as PathContext;
  return cardinal(bounded);
};
