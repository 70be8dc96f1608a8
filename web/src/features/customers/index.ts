/**
 * The customer screens for the admin and staff areas: the customers table,
 * the add form (which the cart opens with `?phone=`), and one customer's invoices.
 */
export { AddCustomerPage } from './pages/add-customer-page';
export { CustomerInvoicesPage } from './pages/customer-invoices-page';
export { CustomersPage } from './pages/customers-page';
export { customerPaths } from './shop-area';
export { dateAndTime } from './format';
