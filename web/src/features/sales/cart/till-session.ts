/**
 * Who is selling and where the till's screens are: the admin and staff areas both sell (SPEC
 * part 2: /admin/cart and /staff are the cart; each has its own open orders), so the area is
 * read from the path and its session gives the user's name and the shop's currency.
 */
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore, type User } from '@/stores/auth-store';

export type TillArea = 'admin' | 'staff';

export const tillAreaOf = (pathname: string): TillArea => (pathname.startsWith(paths.staffHome) ? 'staff' : 'admin');

const home = (area: TillArea) => (area === 'staff' ? paths.staffHome : paths.adminHome);

export const tillPaths = {
  /** The staff's cart is its landing page. */
  cart: (area: TillArea) => (area === 'staff' ? paths.staffHome : `${paths.adminHome}/cart`),
  openOrders: (area: TillArea) => `${home(area)}/open/orders`,
  openOrder: (area: TillArea, id: string) => `${home(area)}/open/orders/data/${encodeURIComponent(id)}`,
};

export interface TillSession {
  area: TillArea;
  user: User | null;
  /** The shop's currency code for amounts (e.g. MVR); "" while unknown. */
  currencyCode: string;
  /** The shop's time zone for dates, when known (else the device's). */
  timeZone: string | undefined;
}

export function useTillSession(): TillSession {
  const area = tillAreaOf(useLocation().pathname);
  const user = useAuthStore((state) => (area === 'staff' ? state.staffData : state.adminData));
  const shop = useAuthStore((state) => state.shopData);
  return {
    area,
    user,
    currencyCode: user?.currencyCode ?? shop?.currencyCode ?? '',
    timeZone: shop?.timeZone || undefined,
  };
}
