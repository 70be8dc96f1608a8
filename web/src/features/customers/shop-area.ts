/**
 * The admin and staff areas route the same customer screens; which area a screen
 * is in decides whose session it reads (permissions, currency) and where its links lead.
 */
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import type { Permission } from '../../config/permissions';
import { useAuthStore } from '../../stores/auth-store';

export type ShopArea = 'admin' | 'staff';

export const areaOf = (pathname: string): ShopArea => (pathname.startsWith(`${paths.staffHome}/`) ? 'staff' : 'admin');

const homeOf = (area: ShopArea) => (area === 'staff' ? paths.staffHome : paths.adminHome);

/** The customer screens' paths in an area ("/admin" or "/staff"). */
export const customerPaths = {
  list: (area: ShopArea) => `${homeOf(area)}/customer/view`,
  /**
   * The till's phone lookup that finds no one opens this with the number prefilled, and
   * `returnTo` the till's path, where the sale goes on with the customer once added.
   */
  add: (area: ShopArea, phoneNumber?: string, returnTo?: string) => {
    const query = new URLSearchParams();
    if (phoneNumber) query.set('phone', phoneNumber);
    if (returnTo) query.set('returnTo', returnTo);
    const text = query.toString();
    return `${homeOf(area)}/customer/add${text ? `?${text}` : ''}`;
  },
  /** A `returnTo` this app wrote: a path of the admin's or the staff's area, never another site. */
  returnTo: (text: string | null): string | null => (text && /^\/(admin|staff)(\/[\w/-]*)?$/.test(text) ? text : null),
  invoices: (area: ShopArea, id: string) => `${homeOf(area)}/customer/view/invoice/${encodeURIComponent(id)}`,
};

export interface ShopSession {
  area: ShopArea;
  /** Whether the signed-in admin or staff member holds `permission`. */
  can: (permission: Permission) => boolean;
  /** The shop's currency code for amounts (e.g. MVR); "" while unknown. */
  currencyCode: string;
  /** The shop's time zone for dates, when known (else the device's). */
  timeZone: string | undefined;
}

export function useShopSession(): ShopSession {
  const area = areaOf(useLocation().pathname);
  const user = useAuthStore((state) => (area === 'staff' ? state.staffData : state.adminData));
  const shop = useAuthStore((state) => state.shopData);
  const permissions = user?.permissions ?? [];
  return {
    area,
    can: (permission) => permissions.includes(permission),
    currencyCode: user?.currencyCode ?? shop?.currencyCode ?? '',
    timeZone: shop?.timeZone || undefined,
  };
}
