export { PaymentDialog, type PaymentDialogProps } from './payment-dialog';
export { PaymentCancelPage, PaymentSuccessPage } from './payment-return-pages';
