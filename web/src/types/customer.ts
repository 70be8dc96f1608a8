/**
 * The customer as the customers API sends it (docs/api-customers.md). Here, not in
 * features/customers, because the till's local data (features/offline) keeps these rows too and
 * must not import the features built on it.
 */

/**
 * A customer as the server sends it. Points and amounts are JSON numbers with exact digits (at
 * most 2 decimals); `loyalityPoint` keeps SPEC's spelling. Times are unix milliseconds.
 */
export interface Customer {
  _id: string;
  customerName: string;
  phoneNumber: string;
  /** "" when none was given. */
  email: string;
  loyalityPoint: number;
  /** The points' value in the shop's currency. */
  pointAmount: number;
  createdAt: number;
  updatedAt: number;
  /** The customer's store credit with the shop; sent only when above 0 (absent: none). */
  storeCredit?: number;
  /** Only on the shop's walk-in customer (no phone number, earns no points, never edited). */
  walkIn?: true;
}
