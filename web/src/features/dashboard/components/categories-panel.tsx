import { useCallback } from 'react';
import { fetchCategorySales } from '../api/dashboard-api';
import { useSalesData } from '../sales-data';
import type { DashboardScope } from '../types';
import { AmountTable } from './amount-table';
import { CategoryDoughnut } from './category-doughnut';
import { DashboardPanel } from './dashboard-panel';
import { LoadState } from './load-state';

const title = 'Category Sales Trends';

/** Panel 1: every category's sales of all time, as a doughnut. */
export function CategoriesPanel({ scope }: { scope: DashboardScope }) {
  const load = useCallback((signal: AbortSignal) => fetchCategorySales(scope, signal), [scope]);
  const sales = useSalesData(load);
  return (
    <DashboardPanel title={title} area="categories">
      <div className="dashboard-panel__chart">
        <LoadState state={sales.state} onRetry={sales.reload}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="dashboard-note">No sales yet.</p>
            ) : (
              <>
                <CategoryDoughnut rows={rows} />
                <AmountTable
                  caption={title}
                  labelHeader="Category"
                  points={rows.map((row) => ({ label: row.category, amount: row.roundedTotalAmount }))}
                />
              </>
            )
          }
        </LoadState>
      </div>
    </DashboardPanel>
  );
}
