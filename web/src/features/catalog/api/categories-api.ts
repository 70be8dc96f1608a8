/**
 * The shop's categories (docs/api-catalogue.md): list, add, change
 * and delete, always in the signed-in user's shop. Rates go out as the text typed (the server
 * reads numbers or numeric strings), so no value passes through a float on its way.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';

export interface Category {
  _id: string;
  categoryName: string;
  description: string;
  /** A percentage, 0 to 100. */
  discountRate: number;
  /** How many live products use it (the server refuses to delete it while any do). */
  productCount: number;
  createdAt: number;
  updatedAt: number;
}

/** What the add form and the inline edit send: the rate as typed ("12.5"). */
export interface CategoryFields {
  categoryName: string;
  description: string;
  discountRate: string;
}

const path = (id: string) => `/categories/${encodeURIComponent(id)}`;

/** Sorted by name by the server. */
export const listCategories = (signal?: AbortSignal) =>
  api.getAll<Category>('/categories', { fallbackMessage: messages.categoriesLoadFailed, signal });

export const createCategory = (fields: CategoryFields) =>
  api.post<Category>('/categories', fields, { fallbackMessage: messages.categoryAddFailed });

export const updateCategory = (id: string, fields: CategoryFields) =>
  api.put<Category>(path(id), fields, { fallbackMessage: messages.categoryUpdateFailed });

/** Refused (409, with the reason) while products still use the category. */
export const deleteCategory = (id: string) =>
  api.delete<null>(path(id), { fallbackMessage: messages.categoryDeleteFailed });
