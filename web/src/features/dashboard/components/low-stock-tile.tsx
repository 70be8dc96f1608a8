import { PackageMinus } from 'lucide-react';
import { Link } from 'react-router';
import { stockViewPaths } from '@/config/paths';

/**
 * "Low stock: 3" across the top of a shop admin's dashboard, leading to the products at or
 * below their reorder level. None low reads calmly, any low stands out.
 */
export function LowStockTile({ count }: { count: number }) {
  return (
    <Link
      to={stockViewPaths.lowStock('admin')}
      className={count > 0 ? 'low-stock-tile low-stock-tile--low' : 'low-stock-tile'}
      aria-label={`Low stock: ${count}. See the products to reorder`}
    >
      <PackageMinus aria-hidden="true" />
      <span>
        Low stock: <strong>{count}</strong>
      </span>
    </Link>
  );
}
