import { useCallback } from 'react';
import { fetchDaysSales } from '../api/dashboard-api';
import { useSalesData } from '../sales-data';
import { dayPoints, hasSales } from '../series';
import type { DashboardScope } from '../types';
import { AmountTable } from './amount-table';
import { DashboardPanel } from './dashboard-panel';
import { DaysLineChart } from './days-line-chart';
import { LoadState } from './load-state';

const title = 'This Month Sales Trend';

/** Panel 3: each day of this month so far, every payment method together. */
export function DaysPanel({ scope }: { scope: DashboardScope }) {
  const load = useCallback((signal: AbortSignal) => fetchDaysSales(scope, signal), [scope]);
  const sales = useSalesData(load);
  return (
    <DashboardPanel title={title} area="days">
      <div className="dashboard-panel__chart">
        <LoadState state={sales.state} onRetry={sales.reload}>
          {(rows) => {
            const points = dayPoints(rows);
            return (
              <>
                {hasSales(points) ? <DaysLineChart points={points} /> : <p className="dashboard-note">No sales this month yet.</p>}
                <AmountTable caption={title} labelHeader="Day" points={points} />
              </>
            );
          }}
        </LoadState>
      </div>
    </DashboardPanel>
  );
}
