/** PLACEHOLDER (lead): the helper that owns features/sales/payment replaces this file. */
import type { Invoice } from '../types';
export function PaymentSuccessPage() { return <p>PaymentSuccessPage</p>; }
export function PaymentCancelPage() { return <p>PaymentCancelPage</p>; }
export interface PaymentDialogProps {
  invoice: Invoice;
  /** Closes the dialog without paying. */
  onClose: () => void;
  /** After a payment (and the print question), with the paid invoice. */
  onDone: (paid: Invoice) => void;
}
export function PaymentDialog(props: PaymentDialogProps) { return <p>PaymentDialog {props.invoice.invoiceNumber}</p>; }
