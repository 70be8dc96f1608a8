/**
 * Route paths the shared frame and the screens link to. Later issues add their
 * areas here as their screens land, so a path is spelled once.
 */
export const paths = {
  welcome: '/',
  shopHome: '/shop',
  shopLogin: '/shop/login',
  adminLogin: '/shop/admin/login',
  staffLogin: '/shop/staff/login',
  adminForgotPassword: '/shop/admin/reset/password/send/mail',
  /** Followed by the reset token from the e-mail: /shop/admin/reset/password/{token}. */
  adminResetPassword: '/shop/admin/reset/password',

  adminHome: '/admin',
  staffHome: '/staff',

  superAdminLogin: '/super/admin/login',
  superAdminForgotPassword: '/super/admin/reset/password/send/mail',
  /** Followed by the reset token from the e-mail: /super/admin/reset/password/{token}. */
  superAdminResetPassword: '/super/admin/reset/password',
  superAdminHome: '/super/admin',
  superAdminShops: '/super/admin/shops',
  superAdminEmployees: '/super/admin/staffs',
  superAdminCreateShop: '/super/admin/create/shop',
  superAdminCreateEmployee: '/super/admin/create/staff',

  adminStaffSignup: '/admin/staff/signup',
  adminStaffView: '/admin/staff/view',
} as const;

const segment = encodeURIComponent;

/** Paths that carry an id; a person is named by their staff id when they have one. */
export const pathTo = {
  superAdminShopResetPassword: (shopId: string) => `/super/admin/shop/reset/password/${segment(shopId)}`,
  superAdminEmployeeResetPassword: (employeeId: string) => `/super/admin/employee/reset/password/${segment(employeeId)}`,
  superAdminPermissions: (id: string) => `/super/admin/permissions/${segment(id)}`,
  adminStaffResetPassword: (staffId: string) => `/admin/staff/reset/password/${segment(staffId)}`,
  adminPermissions: (id: string) => `/admin/permissions/${segment(id)}`,
} as const;

/** The shop's two areas, the admin's and the staff's, which route the same customer and selling screens. */
export type ShopArea = 'admin' | 'staff';

const shopAreaHome = (area: ShopArea) => (area === 'staff' ? paths.staffHome : paths.adminHome);

/**
 * The stock screens' paths in an area: a product's ledger (anyone who reads products), and the
 * low stock list and the stock reports (the `stock_report` grant).
 */
export const stockViewPaths = {
  ledger: (area: ShopArea, productId: string) => `${shopAreaHome(area)}/stock/products/${segment(productId)}`,
  lowStock: (area: ShopArea) => `${shopAreaHome(area)}/stock/low`,
  reports: (area: ShopArea) => `${shopAreaHome(area)}/stock/reports`,
};

/** The customer screens' paths in an area ("/admin" or "/staff"). */
export const customerPaths = {
  list: (area: ShopArea) => `${shopAreaHome(area)}/customer/view`,
  /**
   * The till's phone lookup that finds no one opens this with the number prefilled, and
   * `returnTo` the till's path, where the sale goes on with the customer once added.
   */
  add: (area: ShopArea, phoneNumber?: string, returnTo?: string) => {
    const query = new URLSearchParams();
    if (phoneNumber) query.set('phone', phoneNumber);
    if (returnTo) query.set('returnTo', returnTo);
    const text = query.toString();
    return `${shopAreaHome(area)}/customer/add${text ? `?${text}` : ''}`;
  },
  /** A `returnTo` this app wrote: a path of the admin's or the staff's area, never another site. */
  returnTo: (text: string | null): string | null => (text && /^\/(admin|staff)(\/[\w/-]*)?$/.test(text) ? text : null),
  invoices: (area: ShopArea, id: string) => `${shopAreaHome(area)}/customer/view/invoice/${encodeURIComponent(id)}`,
};
