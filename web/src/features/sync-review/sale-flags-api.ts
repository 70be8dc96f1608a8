/**
 * Reading what synced till sales recorded for the admin (docs/api-till-sync.md "Flags",
 * `GET /admin/sale-flags`): a synced sale is never refused, so what an online till would have
 * refused is kept as a flag, newest first, a page at a time.
 */
import { api } from '../../lib/api-client';

/** The kinds the server writes today; another kind (a newer server) is shown as it is named. */
export type SaleFlagKind = 'price_difference' | 'negative_stock' | 'deleted_product' | 'loyalty_shortfall' | 'total_mismatch' | 'time_out_of_window';

/**
 * One flag. `detail` is the JSON object stored with it: amounts and quantities are JSON numbers
 * with exact digits, ids are strings. Its fields depend on `kind`, so it is read field by field.
 */
export interface SaleFlag {
  _id: string;
  invoiceId: string;
  invoiceNumber: string;
  kind: SaleFlagKind | (string & {});
  detail: Record<string, unknown>;
  /** Unix milliseconds. */
  createdAt: number;
}

export interface SaleFlagPage {
  rows: SaleFlag[];
  /** True when older flags are left below the last row. */
  more: boolean;
}

/**
 * The product's message list has none for the till's sync: shown when the server sends no message.
 */
export const saleFlagsFetchFailed = 'Failed to fetch sync issues!';

/** Rows per page: a screenful or two (the server allows 1 to 200, default 50). */
export const SALE_FLAGS_PAGE_SIZE = 50;

/** A page of flags, newest first; `before` (a flag's `_id`) continues below that flag. */
export function listSaleFlags(before: string | null, signal?: AbortSignal): Promise<SaleFlagPage> {
  const query = new URLSearchParams(before ? { before, limit: String(SALE_FLAGS_PAGE_SIZE) } : { limit: String(SALE_FLAGS_PAGE_SIZE) });
  return api.get<SaleFlagPage>(`/admin/sale-flags?${query.toString()}`, { fallbackMessage: saleFlagsFetchFailed, signal });
}
