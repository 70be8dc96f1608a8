/**
 * The till's offline side (docs/offline.md): the local database and its row shapes, the outbox
 * and its sync engine, the catalogue kept on the device, the online and sync indicators, and the
 * installable app. The till's screens (features/sales) build on these; the app wires the runtime.
 */
export type {
  Category, Customer, GiftCardRow, InvoiceNumberRow, LocalInvoice, LocalShift, Product, ShiftEntry, ShiftMovement, ShiftNumberRow, StoredCommand,
} from './types';
export type { TillDb } from './local-db';
export type { LocalTables } from './local-change';
export type { StateOfCommand } from './outbox-compaction';
export { closeBodyOf, shiftRefOf, type TillCashMovementBody, type TillShiftCloseBody, type TillShiftOpenBody } from './till-actions';
export { invoiceRefOf, type StockAdjustmentBody, type StockCountBody, type StockReceivingBody, type TillAction, type TillCustomerBody, type TillInvoiceBody, type TillPaymentBody } from './till-actions';
export type { Reconcile, SyncEngine } from './sync-engine';
export { pendingScope, productWithBarcode } from './catalog-fill';
export { byName, followLocalProducts } from './catalog-snapshot';
export { TillRuntimeProvider, useTillRuntime } from './till-runtime';
export { countUnsyncedCommands } from './till-runtime-browser';
export { useOnlineStatus } from './use-online-status';
export { OnlineIndicator } from './online-indicator';
export { SyncStatus } from './status/sync-status';
export { registerServiceWorker } from './pwa';
