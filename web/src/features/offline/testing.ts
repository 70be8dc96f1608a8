/** What other features' tests use to set up a till's local data, its outbox and the network. */
export { fillCatalogTable } from './catalog-fill';
export { readLocalProducts } from './catalog-snapshot';
export { pullResource, type FetchSyncPage } from './catalog-sync';
export { openLocalDb } from './local-db';
export { goOffline, goOnline, installNetwork } from './network-fixture';
export { bodyOf, FakeClock, freshDb, payInvoice, recordingStatus, saveInvoice } from './offline-test-support';
export { enqueue } from './outbox';
export { createSyncEngine, type SendCommand } from './sync-engine';
export { tillRequest } from './till-actions';
