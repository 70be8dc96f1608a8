export { CustomInvoicePage } from './custom-invoice-page';
