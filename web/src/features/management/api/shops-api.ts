/**
 * The super admin's shop calls (docs/api-management.md, "Super admin"). Each names
 * its fallback message.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { Shop } from '@/stores/auth-store';

export interface NewShop {
  shopName: string;
  email: string;
  phoneNumber: string;
  countryName: string;
  currencyCode: string;
  password: string;
}

/**
 * What the shops table edits in place: the name, email, country and currency, and the
 * shop's time zone (an IANA name; the dashboards count sales by date in it).
 */
export type ShopChanges = Pick<Shop, 'shopName' | 'email' | 'countryName' | 'currencyCode' | 'timeZone'>;

const shopPath = (shopId: string) => `/super-admin/shops/${encodeURIComponent(shopId)}`;

export const listShops = (signal?: AbortSignal) =>
  api.getAll<Shop>('/super-admin/shops', { fallbackMessage: messages.shopsLoadFailed, signal });

export const createShop = (shop: NewShop) =>
  api.post<Shop>('/super-admin/shops', shop, { fallbackMessage: messages.shopCreateFailed });

export const updateShop = (shopId: string, changes: ShopChanges) =>
  api.put<Shop>(shopPath(shopId), changes, { fallbackMessage: messages.shopUpdateFailed });

/** Sets a new password for the shop's own sign-in. */
export const resetShopPassword = (shopId: string, body: { password: string }) =>
  api.patch<null>(shopPath(shopId), body, { fallbackMessage: messages.passwordResetFailed });
