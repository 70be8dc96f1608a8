import { Download } from 'lucide-react';
import { useCallback, useState } from 'react';
import { DataTable, type DataTableColumn, type DataTableStatus } from '@/components/data-table';
import { SelectField } from '@/components/form';
import { money } from '@/lib/money-text';
import { useServerData } from '@/lib/use-server-data';
import type { Category } from '@/features/catalog';
import { getStockValue, stockValueCsvUrl, stockValueFetchFailed, type StockValue } from './api/reports-api';

const amount = 'ledger-table__quantity';
const columns = (currencyCode: string): DataTableColumn[] => [
  { id: 'category', header: 'Category' },
  { id: 'products', header: 'Products', className: amount },
  { id: 'cost', header: currencyCode ? `At cost (${currencyCode})` : 'At cost', className: amount },
  { id: 'retail', header: currencyCode ? `At retail (${currencyCode})` : 'At retail', className: amount },
];

interface StockReportValueProps {
  /** The shop's categories to narrow by; null when they cannot be read (no filter then). */
  categories: Category[] | null;
  currencyCode: string;
}

/**
 * What the stock on hand is worth, at cost and at retail, in all and per category, with the
 * products below 0 counted apart (they are valued at nothing). Narrowed to one category, and
 * saved as CSV for the same category.
 */
export function StockReportValue({ categories, currencyCode }: StockReportValueProps) {
  const [categoryId, setCategoryId] = useState('');
  const load = useCallback((signal: AbortSignal) => getStockValue(categoryId, signal), [categoryId]);
  const { state, reload } = useServerData<StockValue>(load, stockValueFetchFailed);
  const value = state.status === 'ready' ? state.data : null;
  const tableState: DataTableStatus =
    state.status === 'ready'
      ? { status: 'ready' }
      : state.status === 'error'
        ? { status: 'error', message: state.message, onRetry: reload }
        : { status: 'loading', label: 'Loading stock value…' };
  const tiles = value
    ? [
        { label: 'Products', text: String(value.products) },
        { label: 'At cost', text: money(value.costValue, currencyCode) },
        { label: 'At retail', text: money(value.retailValue, currencyCode) },
        { label: 'Below 0', text: String(value.belowZero) },
      ]
    : [];

  return (
    <section className="stock-report__section" aria-labelledby="stock-value-title">
      <header className="stock-report__header">
        <h2 id="stock-value-title" className="stock-report__title">
          Stock value
        </h2>
        <a className="button button--secondary" href={stockValueCsvUrl(categoryId)} download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </header>
      {categories && (
        <div className="stock-report__filters" role="group" aria-label="Filter stock value">
          <SelectField
            id="stock-value-category"
            label="Category"
            value={categoryId}
            onValueChange={setCategoryId}
            options={[{ value: '', label: 'All categories' }, ...categories.map((category) => ({ value: category._id, label: category.categoryName }))]}
          />
        </div>
      )}
      {value && (
        <dl className="stock-report__tiles" aria-label="Stock value totals">
          {tiles.map((tile) => (
            <div key={tile.label} className="stock-report__tile">
              <dt>{tile.label}</dt>
              <dd>{tile.text}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="ledger-table">
        <DataTable
          label="Stock value by category"
          columns={columns(currencyCode)}
          state={tableState}
          rowCount={value?.categories.length ?? 0}
          empty="No stock to value."
        >
          {value?.categories.map((category) => (
            <tr key={category.categoryId} className="data-table__row">
              <td>{category.categoryName}</td>
              <td className={amount}>{category.products}</td>
              <td className={amount}>{money(category.costValue, '')}</td>
              <td className={amount}>{money(category.retailValue, '')}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </section>
  );
}
