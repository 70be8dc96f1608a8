/**
 * The audit trail's events (docs/api-audit.md) as an operator reads them. An event a newer
 * server writes is shown as it is named.
 */
export const auditEvents = [
  'refund',
  'cart-cleared',
  'line-removed',
  'open-order-deleted',
  'points-redeemed',
  'price-changed',
  'discount-changed',
  'loyalty-rate-changed',
  'custom-product-created',
  'cash-paid-in',
  'cash-paid-out',
  'shift-opened',
  'shift-closed',
  'store-credit-added',
  'gift-card-sold',
  'stock-received',
  'stock-adjusted',
  'stock-counted',
  'permission-granted',
  'permission-revoked',
  'password-changed',
  'sign-in',
  'sign-in-failed',
  'sign-out',
] as const;

export type AuditEventName = (typeof auditEvents)[number];

const words: Record<AuditEventName, string> = {
  refund: 'Refund',
  'cart-cleared': 'Cart cleared',
  'line-removed': 'Line removed',
  'open-order-deleted': 'Open order deleted',
  'points-redeemed': 'Points redeemed',
  'price-changed': 'Price changed',
  'discount-changed': 'Discount changed',
  'loyalty-rate-changed': 'Loyalty rate changed',
  'custom-product-created': 'Custom product',
  'cash-paid-in': 'Cash paid in',
  'cash-paid-out': 'Cash paid out',
  'shift-opened': 'Shift opened',
  'shift-closed': 'Shift closed',
  'store-credit-added': 'Store credit added',
  'gift-card-sold': 'Gift card sold',
  'stock-received': 'Stock received',
  'stock-adjusted': 'Stock adjusted',
  'stock-counted': 'Stock count posted',
  'permission-granted': 'Permission granted',
  'permission-revoked': 'Permission revoked',
  'password-changed': 'Password changed',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
};

export function eventWords(event: string): string {
  return (words as Record<string, string>)[event] ?? event;
}
