/**
 * `GET /till/catalog`: the shop's categories and products in one answer. Any signed-in admin or
 * staff member may read it (selling needs no catalogue grant; docs/api-sales.md).
 */
import { api } from '../../../lib/api-client';
import { messages } from '../../../config/messages';
import type { Category, Product } from '../../catalog';

export interface TillCatalog {
  categories: Category[];
  products: Product[];
}

export const getTillCatalog = (signal?: AbortSignal) =>
  api.get<TillCatalog>('/till/catalog', { fallbackMessage: messages.productsLoadFailed, signal });
