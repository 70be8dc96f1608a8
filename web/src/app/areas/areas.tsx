/**
 * The three signed-in areas and the screens each routes today. A screen that a
 * later issue builds is added to its area's `screens`, and its menu entry then shows by itself.
 */
import { paths } from '../../config/paths';
import {
  AddCategoryPage, AddCustomProductPage, AddProductPage, CategoriesPage, LoyaltyPointsPage, ProductsPage,
} from '@/features/catalog';
import { AdminAuditPage, SuperAdminAuditPage } from '@/features/audit';
import { AddCustomerPage, CustomerInvoicesPage, CustomersPage } from '@/features/customers';
import { AdminDashboard, SuperAdminDashboard } from '@/features/dashboard';
import { ErrorPage } from '@/features/errors';
import { UploadCategoriesPage, UploadProductsPage } from '@/features/uploads';
import {
  CartPage, CustomInvoicePage, InvoicePage, InvoicesPage, OpenOrderPage, OpenOrdersPage, PaymentCancelPage,
  PaymentSuccessPage, ReceiptSettingsPage,
} from '@/features/sales';
import { ShiftDetailPage, ShiftsPage } from '@/features/shifts';
import {
  AdjustPage, CountListPage, CountPage, LedgerPage, LowStockPage, ReceivingDeliveryPage, ReceivingFormPage,
  ReceivingListPage, StockReportPage,
} from '@/features/stock';
import { SyncReviewPage } from '@/features/sync-review';
import {
  CreateEmployeePage, CreateShopPage, EmployeePermissionsPage, EmployeeResetPasswordPage, EmployeesPage,
  ShopResetPasswordPage, ShopSelector, ShopSignupPage, ShopsPage, StaffPermissionsPage,
  StaffResetPasswordPage, StaffSignupPage, StaffViewPage,
} from '@/features/management';
import type { AuthStore } from '../../stores/auth-store';
import { adminMenu, staffMenu, superAdminMenu } from './menus';
import type { UserAreaConfig } from './user-area';

const selectAdmin = (state: AuthStore) => state.adminData;
const selectStaff = (state: AuthStore) => state.staffData;
const selectSuperAdmin = (state: AuthStore) => state.superAdminData;

/** The catalogue and customer screens both shop areas route, by path. */
const catalogueScreens = [
  { path: 'add/product', element: <AddProductPage /> },
  { path: 'add/custom/product', element: <AddCustomProductPage /> },
  { path: 'product/view', element: <ProductsPage /> },
  { path: 'category/view', element: <CategoriesPage /> },
  { path: 'add/category', element: <AddCategoryPage /> },
  { path: 'upload/products/csv', element: <UploadProductsPage /> },
  { path: 'upload/categories/csv', element: <UploadCategoriesPage /> },
  { path: 'customer/view', element: <CustomersPage /> },
  { path: 'customer/add', element: <AddCustomerPage /> },
  { path: 'customer/view/invoice/:id', element: <CustomerInvoicesPage /> },
];

/**
 * The stock screens both shop areas route: a product's history for whoever reads products, the
 * low stock list and the reports for whoever holds stock_report (the menu shows them then).
 */
const stockViewScreens = [
  { path: 'stock/products/:id', element: <LedgerPage /> },
  { path: 'stock/low', element: <LowStockPage /> },
  { path: 'stock/reports', element: <StockReportPage /> },
];

/** The selling screens both shop areas route; the staff's cart is its index. */
const sellingScreens = [
  { path: 'open/orders', element: <OpenOrdersPage /> },
  { path: 'open/orders/data/:id', element: <OpenOrderPage /> },
  { path: 'invoice/data/:id', element: <InvoicePage /> },
  { path: 'payment/success', element: <PaymentSuccessPage /> },
  { path: 'payment/cancel', element: <PaymentCancelPage /> },
];

/** The stock operations both shop areas route; each screen checks its grant (stock_receive, stock_count, stock_adjust). */
const stockOperationScreens = [
  { path: 'stock/receiving', element: <ReceivingListPage /> },
  { path: 'stock/receiving/new', element: <ReceivingFormPage /> },
  { path: 'stock/receiving/:id', element: <ReceivingDeliveryPage /> },
  { path: 'stock/counts', element: <CountListPage /> },
  { path: 'stock/counts/:id', element: <CountPage /> },
  { path: 'stock/adjust', element: <AdjustPage /> },
];

/** Each area has its own error page for paths it does not know. */
const areaErrorPage = { path: '*', element: <ErrorPage /> };

export const adminArea: UserAreaConfig = {
  session: 'admin',
  homePath: paths.adminHome,
  menuLabel: 'Admin menu',
  menu: adminMenu,
  selectUser: selectAdmin,
  screens: [
    { index: true, element: <AdminDashboard /> },
    // The shop signup: routed, not in the menu, since a shop admin cannot create a shop.
    { path: 'shop/signup', element: <ShopSignupPage /> },
    { path: 'staff/signup', element: <StaffSignupPage /> },
    { path: 'staff/view', element: <StaffViewPage /> },
    { path: 'staff/reset/password/:staffId', element: <StaffResetPasswordPage /> },
    { path: 'permissions/:id', element: <StaffPermissionsPage /> },
    ...catalogueScreens,
    ...stockViewScreens,
    ...sellingScreens,
    { path: 'cart', element: <CartPage /> },
    { path: 'invoices', element: <InvoicesPage /> },
    { path: 'shifts', element: <ShiftsPage /> },
    { path: 'shifts/:id', element: <ShiftDetailPage /> },
    ...stockOperationScreens,
    { path: 'sync/review', element: <SyncReviewPage /> },
    { path: 'custom/invoice', element: <CustomInvoicePage /> },
    { path: 'loyalty/points', element: <LoyaltyPointsPage /> },
    { path: 'receipt', element: <ReceiptSettingsPage /> },
    { path: 'audit', element: <AdminAuditPage /> },
    areaErrorPage,
  ],
};

export const staffArea: UserAreaConfig = {
  session: 'staff',
  homePath: paths.staffHome,
  menuLabel: 'Staff menu',
  menu: staffMenu,
  selectUser: selectStaff,
  screens: [
    { index: true, element: <CartPage /> },
    ...catalogueScreens,
    ...stockViewScreens,
    ...sellingScreens,
    // SPEC lists both /staff/view/product and /staff/product/view for the product list.
    { path: 'view/product', element: <ProductsPage /> },
    // A staff member granted shift_read_all reads every till's shifts (the menu shows it then).
    { path: 'shifts', element: <ShiftsPage /> },
    { path: 'shifts/:id', element: <ShiftDetailPage /> },
    // A staff member granted a stock operation does it (the menu shows it then).
    ...stockOperationScreens,
    areaErrorPage,
  ],
};

export const superAdminArea: UserAreaConfig = {
  session: 'super-admin',
  homePath: paths.superAdminHome,
  menuLabel: 'Super admin menu',
  menu: superAdminMenu,
  selectUser: selectSuperAdmin,
  // The super admin's bar has a shop selector (`selectedShopId`).
  topBarTools: <ShopSelector />,
  screens: [
    { index: true, element: <SuperAdminDashboard /> },
    { path: 'shops', element: <ShopsPage /> },
    { path: 'staffs', element: <EmployeesPage /> },
    { path: 'create/shop', element: <CreateShopPage /> },
    { path: 'create/staff', element: <CreateEmployeePage /> },
    { path: 'shop/reset/password/:shopId', element: <ShopResetPasswordPage /> },
    { path: 'employee/reset/password/:employeeId', element: <EmployeeResetPasswordPage /> },
    { path: 'permissions/:id', element: <EmployeePermissionsPage /> },
    { path: 'audit', element: <SuperAdminAuditPage /> },
    areaErrorPage,
  ],
};
