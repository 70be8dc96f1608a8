/**
 * Customers and invoices shaped as docs/api-customers.md says the server sends them. Tests only.
 */
import type { Customer, CustomerInvoice, CustomerWithInvoices } from '@/features/customers';

export const aishaCustomer: Customer = {
  _id: 'c-1',
  customerName: 'Aisha Ali',
  phoneNumber: '7771234',
  email: 'aisha@mail.example',
  loyalityPoint: 12.5,
  pointAmount: 12.5,
  createdAt: Date.UTC(2025, 0, 10),
  updatedAt: Date.UTC(2025, 0, 10),
};

export const hassanCustomer: Customer = {
  ...aishaCustomer,
  _id: 'c-2',
  customerName: 'Hassan Naseer',
  phoneNumber: '7785555',
  email: '',
  loyalityPoint: 0,
  pointAmount: 0,
};

export const mariyamCustomer: Customer = {
  ...aishaCustomer,
  _id: 'c-3',
  customerName: 'Mariyam Zahir',
  phoneNumber: '9601122',
  email: 'mariyam@reef.example',
  loyalityPoint: 1520.75,
  pointAmount: 1520.75,
};

export const customers = [aishaCustomer, hassanCustomer, mariyamCustomer];

export const paidByCard: CustomerInvoice = {
  _id: 'inv-42',
  invoiceNumber: 'INV-000042',
  createdAt: Date.UTC(2025, 2, 5, 12, 30),
  status: 'paid',
  paymentMethod: 'internal-device',
  subTotal: 250,
  totalDiscount: 12.5,
  totalAmount: 237.5,
  refundedAmount: 0,
  staff: 'Ben',
};

export const refundedCash: CustomerInvoice = {
  ...paidByCard,
  _id: 'inv-41',
  invoiceNumber: 'INV-000041',
  createdAt: Date.UTC(2025, 2, 1, 4, 5),
  status: 'refunded',
  paymentMethod: 'cash',
  subTotal: 1200.1,
  totalDiscount: 0,
  totalAmount: 1200.1,
  refundedAmount: 1200.1,
  staff: 'Aisha',
};

export const aishaWithInvoices: CustomerWithInvoices = { ...aishaCustomer, invoices: [paidByCard, refundedCash] };
