/** The sales dashboards, lazy so the till's bundle never holds the charts. */
export { AdminDashboard, SuperAdminDashboard } from './lazy-dashboards';
