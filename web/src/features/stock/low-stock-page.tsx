import { useCallback } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableStatus } from '@/components/data-table';
import { Screen } from '@/components/screen';
import { stockViewPaths } from '@/config/paths';
import { useServerData } from '@/lib/use-server-data';
import { useShopSession } from '@/features/auth';
import { getLowStock, lowStockFetchFailed, type LowStock } from './api/low-stock-api';
import { quantityText } from './ledger-text';
import './ledger.css';

const quantityColumn = 'ledger-table__quantity';
const columns: DataTableColumn[] = [
  { id: 'name', header: 'Product' },
  { id: 'category', header: 'Category' },
  { id: 'quantity', header: 'On hand', className: quantityColumn },
  { id: 'reorder', header: 'Reorder level', className: quantityColumn },
  { id: 'short', header: 'Short by', className: quantityColumn },
  { id: 'unit', header: 'Unit', className: 'data-table__nowrap' },
];

/**
 * /admin/stock/low and /staff/stock/low (the `stock_report` grant): the products at or below
 * their reorder level, lowest first, each leading to its stock history.
 */
export function LowStockPage() {
  const { area } = useShopSession();
  const load = useCallback((signal: AbortSignal) => getLowStock(signal), []);
  const { state, reload } = useServerData<LowStock>(load, lowStockFetchFailed);
  const low = state.status === 'ready' ? state.data : null;
  const tableState: DataTableStatus =
    state.status === 'ready'
      ? { status: 'ready' }
      : state.status === 'error'
        ? { status: 'error', message: state.message, onRetry: reload }
        : { status: 'loading', label: 'Loading low stock…' };

  return (
    <Screen
      title="Low stock"
      description={
        low === null
          ? 'Products at or below their reorder level.'
          : `${low.count} ${low.count === 1 ? 'product is' : 'products are'} at or below the reorder level.`
      }
    >
      <div className="ledger-table">
        <DataTable
          label="Low stock"
          columns={columns}
          state={tableState}
          rowCount={low?.products.length ?? 0}
          empty="No product is at or below its reorder level."
        >
          {low?.products.map((product) => (
            <tr key={product._id} className="data-table__row">
              <td>
                <Link to={stockViewPaths.ledger(area, product._id)} aria-label={`Stock history of ${product.productName}`}>
                  {product.productName}
                </Link>
              </td>
              <td>{product.categoryName}</td>
              <td className={quantityColumn}>{quantityText(product.quantity)}</td>
              <td className={quantityColumn}>{quantityText(product.reorderLevel)}</td>
              <td className={`${quantityColumn} ledger-change ledger-change--out`}>{quantityText(product.shortBy)}</td>
              <td className="data-table__nowrap">{product.unit}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </Screen>
  );
}
