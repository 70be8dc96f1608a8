import { twoDecimals } from '@/lib/money-text';
import type { ChartPoint } from '../series';

/**
 * A chart's numbers as a table for screen readers (a chart is a picture to them): every point's
 * label and the server's amount. Hidden from sight; the chart above shows the same.
 */
export function AmountTable({ caption, labelHeader, points }: { caption: string; labelHeader: string; points: ChartPoint[] }) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">Amount (₹)</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.label}>
            <th scope="row">{point.label}</th>
            <td>{twoDecimals(point.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
