import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint } from '../series';
import { chartColors, rupees, rupeeTick } from './chart-theme';

/** A bar per point (a day, a month or a year), its tooltip the amount in rupees. */
export function TrendBarChart({ points, name }: { points: ChartPoint[]; name: string }) {
  return (
    <div className="dashboard-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 220 }}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={chartColors.grid} />
          <XAxis dataKey="label" tick={{ fill: chartColors.axis, fontSize: 12 }} tickLine={false} axisLine={{ stroke: chartColors.grid }} />
          <YAxis width={56} tickFormatter={rupeeTick} tick={{ fill: chartColors.axis, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip formatter={rupees} cursor={{ fill: 'rgb(15 110 110 / 8%)' }} />
          <Bar dataKey="amount" name={name} fill={chartColors.bar} radius={[4, 4, 0, 0]} maxBarSize={48} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
