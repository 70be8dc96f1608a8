/** The open orders: the list of saved carts and one open order to continue and pay. */
export { OpenOrdersPage } from './open-orders-page';
export { OpenOrderPage } from './open-order-page';
