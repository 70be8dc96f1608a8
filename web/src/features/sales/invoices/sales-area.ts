/** Where the selling screens' links lead in each shop area (features/auth `useShopSession`). */
import { paths, type ShopArea } from '@/config/paths';

const homeOf = (area: ShopArea) => (area === 'staff' ? paths.staffHome : paths.adminHome);
const segment = encodeURIComponent;

/** The selling screens' paths in an area. */
export const salesPaths = {
  openOrders: (area: ShopArea) => `${homeOf(area)}/open/orders`,
  openOrder: (area: ShopArea, id: string) => `${homeOf(area)}/open/orders/data/${segment(id)}`,
  invoice: (area: ShopArea, id: string) => `${homeOf(area)}/invoice/data/${segment(id)}`,
  /** Only the admin area lists invoices. */
  invoices: () => `${paths.adminHome}/invoices`,
  /** Only the admin area has custom invoices. */
  customInvoice: () => `${paths.adminHome}/custom/invoice`,
};
