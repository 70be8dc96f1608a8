/**
 * The customer screens for the admin and staff areas: the customers table,
 * the add form (which the cart opens with `?phone=`), and one customer's invoices.
 */
export { AddCustomerPage } from './pages/add-customer-page';
export { CustomerInvoicesPage } from './pages/customer-invoices-page';
export { CustomersPage } from './pages/customers-page';
// The customer row the till keeps offline, and the shapes the shared test fixtures build.
export type { Customer, CustomerInvoice, CustomerWithInvoices } from './api/customers-api';
