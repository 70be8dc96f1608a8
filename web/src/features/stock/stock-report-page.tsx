import { useCallback } from 'react';
import { Screen } from '@/components/screen';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { useShopSession } from '@/features/auth';
import { listCategories, listProducts } from '@/features/catalog';
import { StockReportMoves } from './stock-report-moves';
import { StockReportValue } from './stock-report-value';
import './ledger.css';
import './stock-report.css';

/**
 * /admin/stock/reports and /staff/stock/reports (the `stock_report` grant): what the stock is
 * worth and how it moved. The category and product filters are offered to whoever may read
 * categories and products (every admin does).
 */
export function StockReportPage() {
  const { area, can, currencyCode, timeZone } = useShopSession();
  const loadCategories = useCallback((signal: AbortSignal) => listCategories(signal), []);
  const categories = useServerData(can('category_read') ? loadCategories : null, messages.categoriesLoadFailed);
  const loadProducts = useCallback((signal: AbortSignal) => listProducts(signal), []);
  const products = useServerData(can('product_read') ? loadProducts : null, messages.productsLoadFailed);

  return (
    <Screen title="Stock reports" description="What the stock on hand is worth, and every change to it.">
      <div className="stock-report">
        <StockReportValue categories={categories.state.status === 'ready' ? categories.state.data : null} currencyCode={currencyCode} />
        <StockReportMoves products={products.state.status === 'ready' ? products.state.data : null} area={area} timeZone={timeZone} />
      </div>
    </Screen>
  );
}
