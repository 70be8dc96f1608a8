/**
 * The dashboards as the areas route them. The page module is imported on first use
 * (React.lazy), so recharts lands in its own chunk and the till's bundle stays without it
 * (DESIGN: heavy routes are lazy-loaded so the till loads fast).
 */
import { lazy, Suspense } from 'react';

const DashboardPage = lazy(() => import('./dashboard-page'));

// The page's own styles come with it, so the wait uses the screens' frame (always loaded).
const loading = (
  <div className="screen">
    <p role="status">Loading...</p>
  </div>
);

/** /admin's index: the shop admin's own shop. */
export function AdminDashboard() {
  return (
    <Suspense fallback={loading}>
      <DashboardPage area="admin" />
    </Suspense>
  );
}

/** /super/admin's index: the shop chosen in the bar's selector. */
export function SuperAdminDashboard() {
  return (
    <Suspense fallback={loading}>
      <DashboardPage area="super-admin" />
    </Suspense>
  );
}
