/**
 * Selling: the till and its cart, open orders, payments, invoices, custom invoices and receipt
 * settings (the app routes them), and the till's local data that other features write through.
 */
export { CartPage } from './cart';
export { CustomInvoicePage } from './custom-invoice';
export { InvoicePage, InvoicesPage } from './invoices';
export { OpenOrderPage, OpenOrdersPage } from './open-orders';
export { PaymentCancelPage, PaymentSuccessPage } from './payment';
export { ReceiptSettingsPage, useReceiptSettingsRefresh } from './receipt-settings';
// The selling screens' paths and dates, for the sync review's links to invoices.
export { dateTime } from './invoices/format';
export { salesPaths } from './invoices/sales-area';
// The till's local data (docs/offline.md): the app provides it, the customer form writes to it.
export { createCustomer } from './local/customer-commands';
export { reconcileTillAnswers } from './local/reconcile';
// A cash top-up of store credit (the customer screens) goes into the till's open shift.
export { topUpInShift } from './local/store-credit-top-up';
export type { TillData } from './local/till-data';
export { TillDataProvider, useTillData } from './local/till-data-context';
export { useLocalProducts } from './local/local-views';
export { tillCommandState } from './local/till-requests';
// The product search by name, number or barcode (a scan first), for the stock screens' lines.
export { ProductAutocomplete } from './custom-invoice/product-autocomplete';
// Loads the back office's WASM module for a screen that computes with it (the stock screens).
export { useBackOfficeCore } from './invoices/use-back-office-core';
export { suggestionsFor } from './custom-invoice/product-autocomplete';
