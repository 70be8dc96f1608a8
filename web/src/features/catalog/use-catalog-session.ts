import { useLocation } from 'react-router';
import type { Permission } from '../../config/permissions';
import { useAuthStore, type User } from '../../stores/auth-store';

export type CatalogArea = 'admin' | 'staff';

/** The catalogue screens of an area (the same paths under /admin and /staff). */
export const catalogPaths = (area: CatalogArea) => ({
  categories: `/${area}/category/view`,
  addCategory: `/${area}/add/category`,
  products: `/${area}/product/view`,
  addProduct: `/${area}/add/product`,
  addCustomProduct: `/${area}/add/custom/product`,
});

export interface CatalogSession {
  area: CatalogArea;
  user: User | null;
  /** Only the admin session sets product tax and loyalty rates. */
  isAdmin: boolean;
  can: (permission: Permission) => boolean;
  /** The shop's currency, shown with every amount. */
  currencyCode: string | null;
  paths: ReturnType<typeof catalogPaths>;
}

/**
 * Who is using a catalogue screen: both areas route the same screens, so the area is read from
 * the path, and its session (the one the area's guard checked) says what they may do.
 */
export function useCatalogSession(): CatalogSession {
  const { pathname } = useLocation();
  const area: CatalogArea = pathname.startsWith('/staff') ? 'staff' : 'admin';
  const user = useAuthStore((state) => (area === 'admin' ? state.adminData : state.staffData));
  const shopCurrency = useAuthStore((state) => state.shopData?.currencyCode ?? null);
  const held = user?.permissions ?? [];
  return {
    area,
    user,
    isAdmin: area === 'admin' && user !== null,
    can: (permission) => held.includes(permission),
    currencyCode: user?.currencyCode ?? shopCurrency,
    paths: catalogPaths(area),
  };
}
