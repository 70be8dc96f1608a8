/**
 * The customer calls (docs/api-customers.md): the shop's customers,
 * adding, changing and deleting one, one customer with their invoices, and their store credit
 * (docs/api-store-credit.md): its ledger and a top-up. Each names its SPEC
 * part 8 fallback message; the server's own message wins when it sends one.
 */
import { api, ApiError } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { Customer } from '@/types/customer';

export type { Customer };

export type PaymentMethod = 'cash' | 'internal-device' | 'digital' | 'store-credit' | 'gift-card';

/** One of a customer's invoices, newest first in `CustomerWithInvoices.invoices`. */
export interface CustomerInvoice {
  _id: string;
  invoiceNumber: string;
  createdAt: number;
  status: string;
  /** Null while the invoice is not paid. */
  paymentMethod: PaymentMethod | null;
  subTotal: number;
  totalDiscount: number;
  totalAmount: number;
  refundedAmount: number;
  /** The name of the staff member who made the sale. */
  staff: string;
}

export interface CustomerWithInvoices extends Customer {
  invoices: CustomerInvoice[];
}

/** What the add form and the table's inline edit send; an empty email means none. */
export interface CustomerFields {
  customerName: string;
  phoneNumber: string;
  email: string;
}

const customerPath = (id: string) => `/customer/${encodeURIComponent(id)}`;

export const listCustomers = (signal?: AbortSignal) =>
  api.getAll<Customer>('/customer', { fallbackMessage: messages.customersLoadFailed, signal });

/** Answers with the new customer (201). A phone number already in the shop: 409 with the server's message. */
export const createCustomer = (customer: CustomerFields) =>
  api.post<Customer>('/customer/create', customer, { fallbackMessage: messages.customerAddFailed });

export const updateCustomer = (id: string, changes: CustomerFields) =>
  api.put<Customer>(customerPath(id), changes, { fallbackMessage: messages.customerUpdateFailed });

export const deleteCustomer = (id: string) =>
  api.delete<null>(customerPath(id), { fallbackMessage: messages.customerDeleteFailed });

export const getCustomerWithInvoices = (id: string, signal?: AbortSignal) =>
  api.get<CustomerWithInvoices>(customerPath(id), { fallbackMessage: messages.customerInvoicesFailed, signal });

/**
 * The customer with their invoices, or null when the shop has no such customer (404: deleted,
 * mistyped, or another shop's), so a screen can say so instead of reporting a failure.
 */
export async function findCustomerWithInvoices(id: string, signal?: AbortSignal): Promise<CustomerWithInvoices | null> {
  try {
    return await getCustomerWithInvoices(id, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** How a top-up was paid. */
export type TopUpMethod = 'cash' | 'internal-device';

/** One row of a customer's store credit ledger; `amount` is negative for credit spent. */
export interface StoreCreditEntry {
  _id: string;
  kind: 'top-up' | 'refund' | 'payment';
  amount: number;
  /** The sale a refund or a payment belongs to. */
  invoiceId: string | null;
  /** How a top-up was paid; null for the other kinds. */
  method: TopUpMethod | null;
  note: string;
  createdAt: number;
}

/** The balance and the newest ledger rows, newest first. */
export interface StoreCreditLedger {
  balance: number;
  entries: StoreCreditEntry[];
}

/** A top-up as sent: the amount as typed text, and the client's key so a resend lands once. */
export interface StoreCreditTopUp {
  amount: string;
  method: TopUpMethod;
  note?: string;
  ref: string;
  /** The till's open shift: a cash top-up goes into its drawer as a pay in. */
  shiftRef?: string;
}

const storeCreditPath = (id: string) => `${customerPath(id)}/store-credit`;

export const getStoreCredit = (id: string, signal?: AbortSignal) =>
  api.get<StoreCreditLedger>(storeCreditPath(id), { fallbackMessage: messages.storeCreditLoadFailed, signal });

/** Answers the new balance and the row recorded (the first one, when the ref was sent before). */
export const addStoreCredit = (id: string, topUp: StoreCreditTopUp) =>
  api.post<{ balance: number; entry: StoreCreditEntry }>(storeCreditPath(id), topUp, { fallbackMessage: messages.storeCreditAddFailed });
