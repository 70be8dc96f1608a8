/** A till on a fresh local database, for tests of other features that sell or add customers offline. */
export { customerByPhone } from './local/local-views';
export { localTill } from './local/local-test-support';
