export { CustomInvoicePage } from './placeholder';
