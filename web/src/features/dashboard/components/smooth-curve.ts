/**
 * SPEC part 9's "smoothing 0.4" for this month's line. The number is a line tension as Chart.js
 * knows it, which recharts has no prop for, so the line takes a d3 curve that draws the same
 * bends. Chart.js puts each point's Bézier handles at ±(tension / 2) × (next − previous) when
 * the neighbours are equally far away (its weights are the distances to them); d3's cardinal
 * spline puts them at ±((1 − k) / 6) × (next − previous). (1 − k) / 6 = 0.4 / 2 gives k = −0.2.
 * The days of a month sit at even steps along the axis, so the two agree except where a steep
 * rise makes Chart.js's distance weights uneven, and at the first and last point.
 */
import { curveCardinal } from 'd3-shape';

const chartJsTension = 0.4;

export const smoothedLine = curveCardinal.tension(1 - 3 * chartJsTension);
