/**
 * The admin and staff areas route the same selling screens; the area a screen is
 * in decides whose session it reads (role, currency, the shop's name and time zone) and where
 * its links lead.
 */
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/stores/auth-store';

export type SalesArea = 'admin' | 'staff';

export const areaOf = (pathname: string): SalesArea => (pathname.startsWith(`${paths.staffHome}/`) || pathname === paths.staffHome ? 'staff' : 'admin');

const homeOf = (area: SalesArea) => (area === 'staff' ? paths.staffHome : paths.adminHome);
const segment = encodeURIComponent;

/** The selling screens' paths in an area. */
export const salesPaths = {
  openOrders: (area: SalesArea) => `${homeOf(area)}/open/orders`,
  openOrder: (area: SalesArea, id: string) => `${homeOf(area)}/open/orders/data/${segment(id)}`,
  invoice: (area: SalesArea, id: string) => `${homeOf(area)}/invoice/data/${segment(id)}`,
  /** Only the admin area lists invoices. */
  invoices: () => `${paths.adminHome}/invoices`,
  /** Only the admin area has custom invoices. */
  customInvoice: () => `${paths.adminHome}/custom/invoice`,
};

export interface SalesSession {
  area: SalesArea;
  /** Only a shop admin refunds (docs/api-payments.md, "Refunds"). */
  isAdmin: boolean;
  /** The shop's currency code (e.g. MVR); "" while unknown. */
  currencyCode: string;
  shopName: string;
  /** The shop's time zone for dates, when known (else the device's). */
  timeZone: string | undefined;
}

export function useSalesSession(): SalesSession {
  const area = areaOf(useLocation().pathname);
  const user = useAuthStore((state) => (area === 'staff' ? state.staffData : state.adminData));
  const shop = useAuthStore((state) => state.shopData);
  return {
    area,
    isAdmin: area === 'admin' && user?.role === 'admin',
    currencyCode: user?.currencyCode ?? shop?.currencyCode ?? '',
    shopName: shop?.shopName ?? user?.shopName ?? '',
    timeZone: shop?.timeZone || undefined,
  };
}
