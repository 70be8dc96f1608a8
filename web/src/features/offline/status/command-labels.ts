/**
 * What the cashier reads for a command's `kind` (docs/api-till-sync.md). A kind this list does
 * not know (a newer app's queue imported here) is shown as it is.
 */
const labels: Record<string, string> = {
  createCart: 'New sale',
  addLine: 'Add product',
  setQuantity: 'Change quantity',
  removeLine: 'Remove product',
  clearCart: 'Clear cart',
  redeem: 'Redeem points',
  saveOpenOrder: 'Save open order',
  payCash: 'Cash payment',
  paySwipe: 'Swipe payment',
  paySplit: 'Payment in parts',
  payStoreCredit: 'Store credit payment',
  payGiftCard: 'Gift card payment',
  deleteOpenOrder: 'Delete open order',
  createCustomer: 'Add customer',
  openShift: 'Open shift',
  payIn: 'Cash paid in',
  payOut: 'Cash paid out',
  closeShift: 'Close shift',
  adjustStock: 'Stock adjustment',
  receiveStock: 'Delivery received',
  countStock: 'Stock counted',
};

export function commandLabel(kind: string): string {
  return labels[kind] ?? kind;
}
