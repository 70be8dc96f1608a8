/**
 * The stock screens of the admin and staff areas. The app routes them.
 */
// A product's stock history, the low stock list and the stock reports.
export { LedgerPage } from './ledger-page';
export { LowStockPage } from './low-stock-page';
export { StockReportPage } from './stock-report-page';
