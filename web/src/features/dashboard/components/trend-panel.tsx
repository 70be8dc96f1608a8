import { useCallback, useId, useState } from 'react';
import { useSalesData } from '../sales-data';
import { hasSales, type ChartPoint } from '../series';
import type { DashboardScope, SalesMethod } from '../types';
import { AmountTable } from './amount-table';
import { DashboardPanel } from './dashboard-panel';
import { LoadState } from './load-state';
import { methodTabId, methodTabs, MethodTabs } from './method-tabs';
import { TrendBarChart } from './trend-bar-chart';

interface TrendPanelProps<Row> {
  title: string;
  area: 'week' | 'month' | 'year';
  /** What each bar is, for the table read aloud: "Day", "Month", "Year". */
  pointName: string;
  scope: DashboardScope;
  fetchRows: (scope: DashboardScope, methods: SalesMethod, signal: AbortSignal) => Promise<Row[]>;
  toPoints: (rows: Row[]) => ChartPoint[];
}

/**
 * A bar chart panel (Weekly, Monthly or Yearly Sales Trends) with its method tabs. The chosen
 * method belongs to this panel alone, so choosing a tab refetches this chart and no other.
 */
export function TrendPanel<Row>({ title, area, pointName, scope, fetchRows, toPoints }: TrendPanelProps<Row>) {
  const idPrefix = useId();
  const [method, setMethod] = useState<SalesMethod>('all');
  const load = useCallback((signal: AbortSignal) => fetchRows(scope, method, signal), [fetchRows, scope, method]);
  const sales = useSalesData(load);
  const chartId = `${idPrefix}-chart`;
  const methodLabel = methodTabs.find((tab) => tab.method === method)?.label ?? '';

  return (
    <DashboardPanel
      title={title}
      area={area}
      tools={<MethodTabs chartName={title} idPrefix={idPrefix} method={method} onChoose={setMethod} panelId={chartId} />}
    >
      <div id={chartId} role="tabpanel" aria-labelledby={methodTabId(idPrefix, method)} className="dashboard-panel__chart">
        <LoadState state={sales.state} onRetry={sales.reload}>
          {(rows) => {
            const points = toPoints(rows);
            return (
              <>
                {hasSales(points) ? (
                  <TrendBarChart points={points} name={`${methodLabel} sales`} />
                ) : (
                  <p className="dashboard-note">{method === 'all' ? 'No sales in this period yet.' : `No ${methodLabel} sales in this period yet.`}</p>
                )}
                <AmountTable caption={`${title}, ${methodLabel}`} labelHeader={pointName} points={points} />
              </>
            );
          }}
        </LoadState>
      </div>
    </DashboardPanel>
  );
}
