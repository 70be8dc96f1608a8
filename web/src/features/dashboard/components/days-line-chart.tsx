import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint } from '../series';
import { chartColors, rupees, rupeeTick } from './chart-theme';
import { smoothedLine } from './smooth-curve';

/** This month's sales by day as one smoothed line (smoothing 0.4). */
export function DaysLineChart({ points }: { points: ChartPoint[] }) {
  return (
    <div className="dashboard-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 220 }}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={chartColors.grid} />
          <XAxis dataKey="label" tick={{ fill: chartColors.axis, fontSize: 12 }} tickLine={false} axisLine={{ stroke: chartColors.grid }} />
          <YAxis width={56} tickFormatter={rupeeTick} tick={{ fill: chartColors.axis, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip formatter={rupees} labelFormatter={(day) => `Day ${String(day)}`} />
          <Line
            type={smoothedLine}
            dataKey="amount"
            name="Sales"
            stroke={chartColors.line}
            strokeWidth={2}
            dot={{ r: 3 }}
            activeDot={{ r: 5 }}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
