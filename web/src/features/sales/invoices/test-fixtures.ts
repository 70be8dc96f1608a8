/**
 * Invoices as docs/api-sales.md's `InvoiceView` says the server sends them (amounts as JSON
 * numbers): what a mocked server answers. A screen handed one directly takes it through
 * `invoiceFromWire`, as the API client does. Tests only.
 */
import type { WireInvoice, WireLine } from '@/types/invoice-wire';

const at = Date.UTC(2025, 2, 5, 9, 30);

export const riceLine: WireLine = {
  _id: 'line-1',
  productId: 'prod-1',
  productName: 'Basmati rice',
  unit: 'kg',
  customProduct: false,
  quantity: 2,
  sellingPrice: 45,
  costPrice: 30,
  costPriceProfit: 0,
  discount: 10,
  discountType: 'percentage',
  categoryDiscountRate: 0,
  productTax: 0,
  loyaltyRate: 1,
  price: 45,
  gross: 90,
  discountAmount: 9,
  tax: 0,
  total: 81,
  pointsEarned: 0.81,
  refundedQuantity: 0,
};

export const colaLine: WireLine = {
  ...riceLine,
  _id: 'line-2',
  productId: 'prod-2',
  productName: 'Cola 330ml',
  unit: 'no',
  quantity: 3,
  sellingPrice: 9.5,
  discount: 0,
  price: 9.5,
  gross: 28.5,
  discountAmount: 0,
  total: 28.5,
  pointsEarned: 0.29,
};

/** An open order of Aisha's, two lines, 109.50 to pay. */
export const openOrder: WireInvoice = {
  _id: 'inv-7',
  invoiceNumber: 'INV-000007',
  status: 'saved',
  createdAt: at,
  updatedAt: at,
  paidAt: null,
  staff: 'Ben (staff)', staffId: 'user-2',
  customer: { _id: 'c-1', customerName: 'Aisha Ali', phoneNumber: '7771234', loyalityPoint: 12.5 },
  customerDetailsCustom: null,
  products: [riceLine, colaLine],
  subTotal: 118.5,
  totalDiscount: 9,
  totalTax: 0,
  redeemAmount: 0,
  totalAmount: 109.5,
  pointsEarned: 1.1,
  refundedAmount: 0,
  paymentMethod: null,
  cardStatus: null,
};

export const paidInvoice: WireInvoice = {
  ...openOrder,
  status: 'paid',
  receiptNumber: 'R-000006',
  paidAt: Date.UTC(2025, 2, 5, 9, 45),
  paymentMethod: 'cash',
};

export const partlyRefunded: WireInvoice = {
  ...paidInvoice,
  _id: 'inv-5',
  invoiceNumber: 'INV-000005',
  receiptNumber: 'R-000004',
  paymentMethod: 'internal-device',
  refundedAmount: 20,
};

export const customInvoice: WireInvoice = {
  ...openOrder,
  _id: 'inv-9',
  invoiceNumber: 'INV-000009',
  status: 'custom',
  staff: 'Aisha (staff)', staffId: 'user-1',
  customer: null,
  customerDetailsCustom: null,
  products: [],
  subTotal: 0,
  totalDiscount: 0,
  totalAmount: 0,
  pointsEarned: 0,
};
