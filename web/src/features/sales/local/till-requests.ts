/**
 * The requests the till's commands send (docs/api-till-sync.md): each carries the WHOLE open
 * invoice as the till has it after the change, so it can be repeated and the server never
 * re-derives a line from its current catalogue (the sale keeps the prices it was rung up at).
 */
import type { StateOfCommand, LocalInvoice } from '@/features/offline';
import type { InvoiceLine } from '@/types/invoice';

const segment = encodeURIComponent;

export const tillPaths = {
  invoice: (ref: string) => `/till/invoices/${segment(ref)}`,
  payment: (ref: string) => `/till/invoices/${segment(ref)}/payment`,
  delete: (ref: string) => `/till/invoices/${segment(ref)}/delete`,
  customers: '/till/customers',
};

/** The paths of the commands about one invoice start with this. */
export const invoicePathPrefix = (ref: string) => tillPaths.invoice(ref);

const TILL_INVOICE_PATH = /^\/till\/invoices\/([^/]+)(\/payment|\/delete)?$/;

/**
 * Which till commands carry an invoice's whole state (the sync engine leaves out a queued one a
 * later one replaces, features/offline/outbox-compaction.ts): every `PUT /till/invoices/{ref}`
 * does and may be replaced; a payment does (it creates the invoice when absent) but is always
 * sent; a delete carries none and nothing before it is replaced by anything after it.
 */
export const tillCommandState: StateOfCommand = ({ method, path }) => {
  const match = TILL_INVOICE_PATH.exec(path);
  if (!match) return null;
  const key = match[1];
  if (!match[2]) return method === 'PUT' ? { key, role: 'replaceable' } : { key, role: 'barrier' };
  return match[2] === '/payment' && method === 'POST' ? { key, role: 'carries' } : { key, role: 'barrier' };
};

export interface TillLineBody {
  productId: string;
  quantity: string;
  productName: string;
  unit: InvoiceLine['unit'];
  customProduct: boolean;
  sellingPrice: string;
  costPrice: string;
  costPriceProfit: string;
  discount: string;
  discountType: InvoiceLine['discountType'];
  categoryDiscountRate: string;
  productTax: string;
  loyaltyRate: string;
}

/** A till invoice command's path, whose first group is the (encoded) ref. */
export const INVOICE_PATH = /^\/till\/invoices\/([^/]+)/;

/** `PUT /till/invoices/{ref}`'s body. */
export interface TillInvoiceBody {
  customerId: string;
  status: 'active' | 'saved';
  provisionalNumber: string;
  createdAt: number;
  redeemAmount: string;
  lines: TillLineBody[];
}

/** `POST /till/invoices/{ref}/payment`'s body. */
export interface TillPaymentBody {
  method: 'cash' | 'internal-device';
  paidAt: number;
  offline: boolean;
  totalAmount: string;
  invoice: TillInvoiceBody;
}

/** Numbers go out as their exact text (at most 2 or 3 decimals), which the server reads. */
const text = (value: number) => String(value);

export function invoiceBody(invoice: LocalInvoice): TillInvoiceBody {
  if (!invoice.customer) throw new Error(`Invoice ${invoice.ref} has no customer`);
  if (invoice.status !== 'active' && invoice.status !== 'saved') throw new Error(`Invoice ${invoice.ref} is not open`);
  return {
    customerId: invoice.customer._id,
    status: invoice.status,
    provisionalNumber: invoice.provisionalNumber,
    createdAt: invoice.createdAt,
    redeemAmount: text(invoice.redeemAmount),
    lines: invoice.products.map((line) => ({
      productId: line.productId,
      quantity: text(line.quantity),
      productName: line.productName,
      unit: line.unit,
      customProduct: line.customProduct,
      sellingPrice: text(line.sellingPrice),
      costPrice: text(line.costPrice),
      costPriceProfit: text(line.costPriceProfit),
      discount: text(line.discount),
      discountType: line.discountType,
      categoryDiscountRate: text(line.categoryDiscountRate),
      productTax: text(line.productTax),
      loyaltyRate: text(line.loyaltyRate),
    })),
  };
}
