/**
 * The admin and super admin dashboard: a 12-column grid of six panels. This module
 * (and recharts with it) is loaded only when a dashboard opens (see lazy-dashboards.tsx), so the
 * till never downloads the charts.
 */
import { useMemo } from 'react';
import { Screen } from '../../components/screen';
import { DayShiftsPanel } from '@/features/shifts';
import { fetchMonthSales, fetchWeekSales, fetchYearSales } from './api/dashboard-api';
import { CategoriesPanel } from './components/categories-panel';
import { DaysPanel } from './components/days-panel';
import { LowStockTile } from './components/low-stock-tile';
import { PerformancePanel } from './components/performance-panel';
import { TrendPanel } from './components/trend-panel';
import { todayText } from './period';
import { SalesDataOpening } from './sales-data';
import { monthPoints, weekPoints, yearPoints } from './series';
import type { DashboardScope } from './types';
import { useDashboardScope, type DashboardArea } from './use-dashboard-scope';
import './dashboard.css';

export default function DashboardPage({ area }: { area: DashboardArea }) {
  const { user, scope, timeZone } = useDashboardScope(area);
  if (!user) return null;
  const description = user.shopName ? `Sales of ${user.shopName}` : 'Sales of the shop chosen in the bar';
  return (
    <Screen title={`Welcome, ${user.userName}`} description={description}>
      {scope ? (
        <SalesDataOpening>
          <DashboardGrid scope={scope} timeZone={timeZone} readsStock={area === 'admin' && (user.stockPermissions ?? []).includes('stock_report')} />
          {/* The shop's own shifts, for an admin who may read them (the super admin reads none). */}
          {area === 'admin' && user.shiftPermissions?.includes('shift_read_all') && <DayShiftsPanel timeZone={timeZone} currencyCode={user.currencyCode ?? ''} />}
        </SalesDataOpening>
      ) : (
        <p className="dashboard-hint" role="status">
          Choose a shop in the bar above to see its sales.
        </p>
      )}
    </Screen>
  );
}

interface DashboardGridProps {
  scope: DashboardScope;
  timeZone: string | undefined;
  /** A shop admin holding `stock_report` also sees how many products are low. */
  readsStock: boolean;
}

function DashboardGrid({ scope, timeZone, readsStock }: DashboardGridProps) {
  const opensOn = useMemo(() => todayText(new Date(), timeZone), [timeZone]);
  return (
    <div className="dashboard-grid">
      {readsStock && <LowStockTile />}
      <CategoriesPanel scope={scope} />
      {/* Opened again when the shop's zone, once known, makes today another date: its inputs
          start at the shop's today. The same date asks nothing again. */}
      <PerformancePanel key={opensOn} scope={scope} timeZone={timeZone} />
      <DaysPanel scope={scope} />
      <TrendPanel title="Weekly Sales Trends" area="week" pointName="Day" scope={scope} fetchRows={fetchWeekSales} toPoints={weekPoints} />
      <TrendPanel title="Monthly Sales Trends" area="month" pointName="Month" scope={scope} fetchRows={fetchMonthSales} toPoints={monthPoints} />
      <TrendPanel title="Yearly Sales Trends" area="year" pointName="Year" scope={scope} fetchRows={fetchYearSales} toPoints={yearPoints} />
    </div>
  );
}
