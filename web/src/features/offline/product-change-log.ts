/**
 * The products table's change log: every write to `products`, whoever makes it (the catalogue
 * pull, a payment's stock, an undo), is also recorded in `productChanges`, in the SAME
 * transaction, as the rows it wrote and the keys it deleted. The till's catalogue in memory
 * (catalog-snapshot.ts) is then the last snapshot plus the log after it, so neither a cold start
 * nor a sale has to read the products table row by row: IndexedDB spends about as much per row
 * read as per kilobyte, and a shop of 100,000 products took seconds to read that way
 * (docs/benchmarks.md "Offline till").
 *
 * It is a Dexie DBCore middleware: a read-write transaction that names `products` also gets
 * `productChanges`, and each mutation of `products` adds its log row once the mutation has
 * succeeded. A log row's `seq` grows in commit order (transactions over `productChanges` run one
 * at a time), so replaying the log in `seq` order rebuilds the table.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, Middleware } from 'dexie';
import type { Product } from './types';

export const PRODUCTS_TABLE = 'products';
export const PRODUCT_CHANGES_TABLE = 'productChanges';

/** One write to `products`. */
export interface ProductChangeRow {
  /** The log's order (auto-increment). */
  seq?: number;
  /** The rows written, as stored (a later row of the same `_id` replaces an earlier one). */
  put: Product[];
  /** The keys deleted. */
  deleted: string[];
  /**
   * The table was cleared, or holds rows the log never saw (a database from before the log):
   * whoever replays the log reads the table itself instead.
   */
  reset?: boolean;
}

/** The log row for `request`, or null when it changed nothing (failed operations left out). */
export function changeOf(request: DBCoreMutateRequest, response: DBCoreMutateResponse): ProductChangeRow | null {
  const succeeded = (_: unknown, index: number) => !(index in response.failures);
  switch (request.type) {
    case 'add':
    case 'put': {
      const put = (request.values as Product[]).filter(succeeded);
      return put.length > 0 ? { put, deleted: [] } : null;
    }
    case 'delete': {
      const deleted = (request.keys as string[]).filter(succeeded);
      return deleted.length > 0 ? { put: [], deleted } : null;
    }
    case 'deleteRange':
      return { put: [], deleted: [], reset: true };
  }
}

export const productChangeLog: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'ProductChangeLog',
  create(down) {
    return {
      transaction(stores, mode, options) {
        const logged = mode === 'readwrite' && stores.includes(PRODUCTS_TABLE) && !stores.includes(PRODUCT_CHANGES_TABLE);
        return down.transaction(logged ? [...stores, PRODUCT_CHANGES_TABLE] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (name !== PRODUCTS_TABLE) return table;
        return {
          ...table,
          async mutate(request) {
            const response = await table.mutate(request);
            const change = changeOf(request, response);
            // Looked up here, not above: the stack is also built for an upgrade from a version
            // that has no log yet.
            if (change) await down.table(PRODUCT_CHANGES_TABLE).mutate({ type: 'add', trans: request.trans, values: [change] });
            return response;
          },
        };
      },
    };
  },
};
