/**
 * The till: the cart screen, and the pieces the open order screen reuses (the
 * cart panel, the three columns, selling from the catalogue, the till's paths and state).
 */
export { CartPage } from './cart-page';
export { CartPanel } from './cart-panel';
export { TillColumns } from './till-columns';
export { TillSearch } from './till-search';
export { tillPaths, useTillSession, type TillArea } from './till-session';
export { tillDefaults, useTillStore } from '@/stores/till-store';
export { useTillSelling } from './use-till-selling';
