/**
 * The area menus. An entry shows when the session holds its permission
 * (the read or create one) and when its screen is routed: entries for
 * screens that later issues build stay hidden until their route exists, so the menu never
 * leads to a missing page.
 */
import {
  ClipboardList, FilePlus2, History, FileSpreadsheet, FolderPlus, Gift, LayoutDashboard, ListOrdered, Package, PackagePlus,
  ChartColumn, PackageCheck, PackageMinus, Printer, ScanBarcode, ReceiptText, Timer, ShieldAlert, ShoppingCart, Store, Tags,
  TriangleAlert, UserCog, UserPlus, Users, Building2,
} from 'lucide-react';
import type { AreaMenuLink } from '../../components/area-layout';
import type { Permission } from '../../config/permissions';

export interface MenuEntry extends AreaMenuLink {
  /** Shown only to a session holding this permission; without it, shown to every session of the area. */
  permission?: Permission;
}

export const adminMenu: MenuEntry[] = [
  { path: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { path: '/admin/cart', label: 'Cart', icon: ShoppingCart },
  { path: '/admin/open/orders', label: 'Open Orders', icon: ListOrdered },
  { path: '/admin/invoices', label: 'Invoices', icon: ReceiptText },
  // Every till's shifts and their X/Z reports (docs/shifts.md "Back office").
  { path: '/admin/shifts', label: 'Shifts', icon: Timer, permission: 'shift_read_all' },
  // What synced till sales recorded for the admin (docs/api-till-sync.md "Flags"): admins only.
  { path: '/admin/sync/review', label: 'Sync Review', icon: ShieldAlert },
  { path: '/admin/custom/invoice', label: 'Custom Invoice', icon: FilePlus2 },
  { path: '/admin/product/view', label: 'Products', icon: Package, permission: 'product_read' },
  { path: '/admin/add/product', label: 'Add Product', icon: PackagePlus, permission: 'product_create' },
  { path: '/admin/upload/products/csv', label: 'Upload Products', icon: FileSpreadsheet, permission: 'product_create' },
  // Stock operations (docs/api-stock.md), each for whoever holds its grant.
  { path: '/admin/stock/receiving', label: 'Receiving', icon: PackageCheck, permission: 'stock_receive' },
  { path: '/admin/stock/counts', label: 'Stock Counts', icon: ScanBarcode, permission: 'stock_count' },
  { path: '/admin/stock/adjust', label: 'Adjust Stock', icon: PackageMinus, permission: 'stock_adjust' },
  // What is low and what the stock is worth (docs/api-stock.md "Reports"); each product's history is on its row.
  { path: '/admin/stock/low', label: 'Low Stock', icon: TriangleAlert, permission: 'stock_report' },
  { path: '/admin/stock/reports', label: 'Stock Reports', icon: ChartColumn, permission: 'stock_report' },
  { path: '/admin/category/view', label: 'Categories', icon: Tags, permission: 'category_read' },
  { path: '/admin/add/category', label: 'Add Category', icon: FolderPlus, permission: 'category_create' },
  { path: '/admin/upload/categories/csv', label: 'Upload Categories', icon: FileSpreadsheet, permission: 'category_create' },
  { path: '/admin/customer/view', label: 'Customers', icon: Users, permission: 'customer_read' },
  { path: '/admin/customer/add', label: 'Add Customer', icon: UserPlus, permission: 'customer_create' },
  // The staff entries are always shown in the admin area, whatever the permissions.
  { path: '/admin/staff/view', label: 'Staff Management', icon: UserCog },
  { path: '/admin/staff/signup', label: 'Add Staff', icon: UserPlus },
  { path: '/admin/loyalty/points', label: 'Loyalty Points', icon: Gift },
  // What receipts print besides the sale (docs/counter.md "Receipts"): the admin's own.
  { path: '/admin/receipt', label: 'Receipt', icon: Printer },
  // Who did what to money and stock (docs/api-audit.md): admins only.
  { path: '/admin/audit', label: 'Audit Trail', icon: History },
];

/** The staff menu; the cart is the staff's landing page. */
export const staffMenu: MenuEntry[] = [
  { path: '/staff', label: 'Cart', icon: ShoppingCart },
  { path: '/staff/open/orders', label: 'Open Orders', icon: ListOrdered },
  { path: '/staff/product/view', label: 'Products', icon: Package, permission: 'product_read' },
  { path: '/staff/add/product', label: 'Add Product', icon: PackagePlus, permission: 'product_create' },
  { path: '/staff/upload/products/csv', label: 'Upload Products', icon: FileSpreadsheet, permission: 'product_create' },
  { path: '/staff/stock/receiving', label: 'Receiving', icon: PackageCheck, permission: 'stock_receive' },
  { path: '/staff/stock/counts', label: 'Stock Counts', icon: ScanBarcode, permission: 'stock_count' },
  { path: '/staff/stock/adjust', label: 'Adjust Stock', icon: PackageMinus, permission: 'stock_adjust' },
  { path: '/staff/stock/low', label: 'Low Stock', icon: TriangleAlert, permission: 'stock_report' },
  { path: '/staff/stock/reports', label: 'Stock Reports', icon: ChartColumn, permission: 'stock_report' },
  { path: '/staff/category/view', label: 'Categories', icon: Tags, permission: 'category_read' },
  { path: '/staff/add/category', label: 'Add Category', icon: FolderPlus, permission: 'category_create' },
  { path: '/staff/upload/categories/csv', label: 'Upload Categories', icon: FileSpreadsheet, permission: 'category_create' },
  { path: '/staff/customer/view', label: 'Customers', icon: Users, permission: 'customer_read' },
  { path: '/staff/customer/add', label: 'Add Customer', icon: UserPlus, permission: 'customer_create' },
  { path: '/staff/shifts', label: 'Shifts', icon: Timer, permission: 'shift_read_all' },
];

export const superAdminMenu: MenuEntry[] = [
  { path: '/super/admin', label: 'Dashboard', icon: LayoutDashboard },
  { path: '/super/admin/shops', label: 'Shops', icon: Store },
  { path: '/super/admin/staffs', label: 'Employees', icon: ClipboardList },
  { path: '/super/admin/create/shop', label: 'Create Shop', icon: Building2 },
  { path: '/super/admin/create/staff', label: 'Create Employee', icon: UserPlus },
  { path: '/super/admin/audit', label: 'Audit Trail', icon: History },
];

/** The entries a session may see, among those whose screen is routed, in menu order. */
export function visibleMenu(
  entries: readonly MenuEntry[],
  permissions: readonly string[],
  routedPaths: ReadonlySet<string>,
): AreaMenuLink[] {
  const held = new Set(permissions);
  return entries
    .filter((entry) => routedPaths.has(entry.path) && (!entry.permission || held.has(entry.permission)))
    .map(({ path, label, icon }) => ({ path, label, icon }));
}
