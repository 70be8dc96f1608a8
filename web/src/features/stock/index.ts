/** The stock screens of the admin and staff areas. The app routes them. */
// Receiving deliveries, counts and adjustments by hand.
export { ReceivingDeliveryPage } from './receiving-delivery-page';
export { ReceivingFormPage } from './receiving-form-page';
export { ReceivingListPage } from './receiving-list-page';
export { CountListPage } from './count-list-page';
export { CountPage } from './count-page';
export { AdjustPage } from './adjust-page';
// A product's stock history, the low stock list and the stock reports.
export { LedgerPage } from './ledger-page';
export { LowStockPage } from './low-stock-page';
export { StockReportPage } from './stock-report-page';
// The low stock count the dashboard's tile shows.
export { getLowStock, lowStockFetchFailed, type LowStock } from './api/low-stock-api';
