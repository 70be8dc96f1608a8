import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { CategorySales } from '../types';
import { rupees, sliceColors } from './chart-theme';

/** Each category's share of all sales as a doughnut; its tooltip "₹12.50". */
export function CategoryDoughnut({ rows }: { rows: CategorySales[] }) {
  return (
    <div className="dashboard-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 240 }}>
        <PieChart accessibilityLayer={false}>
          <Pie
            data={rows}
            dataKey="roundedTotalAmount"
            nameKey="category"
            innerRadius="55%"
            outerRadius="85%"
            paddingAngle={rows.length > 1 ? 1 : 0}
            isAnimationActive={false}
          >
            {rows.map((row, index) => (
              <Cell key={row.category} fill={sliceColors[index % sliceColors.length]} />
            ))}
          </Pie>
          <Tooltip formatter={rupees} />
          <Legend iconType="circle" iconSize={10} wrapperStyle={{ fontSize: 12 }} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
