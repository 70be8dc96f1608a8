/**
 * The admin and staff areas route the same customer screens; which area a screen
 * is in decides whose session it reads (permissions, currency) and where its links lead.
 */
import { useLocation } from 'react-router';
import { customerPaths, paths, type ShopArea } from '@/config/paths';
import type { Permission } from '../../config/permissions';
import { useAuthStore } from '../../stores/auth-store';

// The customer screens' paths live with the app's other paths: the till's phone lookup links to them too.
export { customerPaths, type ShopArea };

export const areaOf = (pathname: string): ShopArea => (pathname.startsWith(`${paths.staffHome}/`) ? 'staff' : 'admin');

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
