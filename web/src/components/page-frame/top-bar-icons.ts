/**
 * Which icons the shared top bar shows, as a pure function of the current path
 * and the signed-in shop, so the rules are tested without rendering.
 */
import { paths } from '../../config/paths';
import type { Shop } from '../../stores/auth-store';

export interface TopBarIcons {
  /** Landing page only: a link to the super admin login. */
  superAdmin: boolean;
  /** Everywhere except the landing page, the shop home and the admin and staff logins. */
  back: boolean;
  /** Home, shop name and Logout, when the signed-in shop has a name; otherwise null. */
  shop: { shopName: string } | null;
}

const pathsWithoutBack: ReadonlySet<string> = new Set([
  paths.welcome,
  paths.shopHome,
  paths.adminLogin,
  paths.staffLogin,
]);

/** "/shop/" and "/shop" are the same page to a shopper; so they are to the rules. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function topBarIcons(pathname: string, shopData: Partial<Shop> | null): TopBarIcons {
  const path = normalisePath(pathname);
  const shopName = shopData?.shopName?.trim();
  return {
    superAdmin: path === paths.welcome,
    back: !pathsWithoutBack.has(path),
    shop: shopName ? { shopName } : null,
  };
}
