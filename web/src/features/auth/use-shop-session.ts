/**
 * The admin and staff areas route the same shop screens (selling, customers, shifts); the area a
 * screen is in decides whose session it reads (role, permissions, currency, the shop's name and
 * time zone) and where its links lead.
 */
import { useLocation } from 'react-router';
import { paths, type ShopArea } from '@/config/paths';
import type { Permission } from '@/config/permissions';
import { grantsHeld, useAuthStore } from '@/stores/auth-store';

export const shopAreaOf = (pathname: string): ShopArea =>
  pathname.startsWith(`${paths.staffHome}/`) || pathname === paths.staffHome ? 'staff' : 'admin';

export interface ShopSession {
  area: ShopArea;
  /** A shop admin in the admin area (only an admin refunds, docs/api-payments.md "Refunds"). */
  isAdmin: boolean;
  /** Whether the signed-in admin or staff member holds `permission` (SPEC's, a shift grant or a stock grant). */
  can: (permission: Permission) => boolean;
  /** The shop's currency code (e.g. MVR); "" while unknown. */
  currencyCode: string;
  shopName: string;
  /** Who is signed in, as the server names them in what they record. */
  userName: string;
  /** The shop's time zone for dates, when known (else the device's). */
  timeZone: string | undefined;
}

export function useShopSession(): ShopSession {
  const area = shopAreaOf(useLocation().pathname);
  const user = useAuthStore((state) => (area === 'staff' ? state.staffData : state.adminData));
  const shop = useAuthStore((state) => state.shopData);
  const held = grantsHeld(user);
  return {
    area,
    isAdmin: area === 'admin' && user?.role === 'admin',
    can: (permission) => held.includes(permission),
    currencyCode: user?.currencyCode ?? shop?.currencyCode ?? '',
    shopName: shop?.shopName ?? user?.shopName ?? '',
    userName: user?.userName ?? '',
    timeZone: shop?.timeZone || undefined,
  };
}
