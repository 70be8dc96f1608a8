/**
 * Route paths the shared frame and the screens link to (SPEC part 2). Later issues add their
 * areas here as their screens land, so a path is spelled once.
 */
export const paths = {
  welcome: '/',
  shopHome: '/shop',
  shopLogin: '/shop/login',
  adminLogin: '/shop/admin/login',
  staffLogin: '/shop/staff/login',
  superAdminLogin: '/super/admin/login',
} as const;
