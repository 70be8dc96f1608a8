export { InvoicePage } from './invoice-page';
export { InvoicesPage } from './invoices-page';
