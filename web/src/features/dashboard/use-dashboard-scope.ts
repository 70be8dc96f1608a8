/**
 * Whose sales the dashboard shows, and whether it may ask yet (queries run only
 * while the admin, or the super admin, is signed in and the parameters are set). An admin
 * always sees their own shop; the super admin sees the shop chosen in the bar's selector.
 */
import { useMemo } from 'react';
import { useAuthStore, type User } from '../../stores/auth-store';
import { useSelectedShopStore } from '../../stores/selected-shop-store';
import { useShopsStore } from '@/features/management';
import type { DashboardScope } from './types';

export type DashboardArea = DashboardScope['area'];

const adminScope: DashboardScope = { area: 'admin' };

interface DashboardAccess {
  /** Who is signed in to this area, or null (then nothing is shown or asked). */
  user: User | null;
  /** Null while there is nothing to ask for: nobody signed in, or no shop chosen yet. */
  scope: DashboardScope | null;
  /**
   * The shop's IANA time zone (undefined until known): the server dates sales in it, so the
   * dashboard's "today" is the shop's today, not the browser's.
   */
  timeZone: string | undefined;
}

export function useDashboardScope(area: DashboardArea): DashboardAccess {
  const user = useAuthStore((state) => (area === 'admin' ? state.adminData : state.superAdminData));
  const selectedShopId = useSelectedShopStore((state) => state.selectedShopId);
  const signedIn = user !== null;
  // One object per shop, so the panels' calls change only when the shop does.
  const scope = useMemo<DashboardScope | null>(() => {
    if (!signedIn) return null;
    if (area === 'admin') return adminScope;
    return selectedShopId ? { area: 'super-admin', shopId: selectedShopId } : null;
  }, [area, signedIn, selectedShopId]);
  const ownShopZone = useAuthStore((state) => state.shopData?.timeZone);
  const chosenShopZone = useShopsStore((state) => state.shops.find((shop) => shop._id === selectedShopId)?.timeZone);
  const timeZone = (area === 'admin' ? ownShopZone : chosenShopZone) || undefined;
  return { user, scope, timeZone };
}
