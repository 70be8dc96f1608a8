export { OpenOrdersPage } from './placeholder';
export { OpenOrderPage } from './placeholder';
