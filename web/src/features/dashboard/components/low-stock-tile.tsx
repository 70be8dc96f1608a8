import { TriangleAlert } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { stockViewPaths } from '@/config/paths';
import { getLowStock, lowStockFetchFailed, type LowStock } from '@/features/stock';
import { useServerData } from '@/lib/use-server-data';

/**
 * "Low stock: 3" across the top of a shop admin's dashboard, leading to the products at or
 * below their reorder level. None low reads calmly, any low stands out. Shown once the count
 * is known; a failed read leaves the sales panels as they are.
 */
export function LowStockTile() {
  const load = useCallback((signal: AbortSignal) => getLowStock(signal), []);
  const { state } = useServerData<LowStock>(load, lowStockFetchFailed);
  if (state.status !== 'ready') return null;
  const count = state.data.count;
  return (
    <Link
      to={stockViewPaths.lowStock('admin')}
      className={count > 0 ? 'low-stock-tile low-stock-tile--low' : 'low-stock-tile'}
      aria-label={`Low stock: ${count}. See the products to reorder`}
    >
      <TriangleAlert aria-hidden="true" />
      <span>
        Low stock: <strong>{count}</strong>
      </span>
    </Link>
  );
}
