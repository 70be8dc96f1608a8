export { InvoicesPage } from './placeholder';
export { InvoicePage } from './placeholder';
