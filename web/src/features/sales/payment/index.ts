export { PaymentSuccessPage } from './placeholder';
export { PaymentCancelPage } from './placeholder';
export { PaymentDialog, type PaymentDialogProps } from './placeholder';
