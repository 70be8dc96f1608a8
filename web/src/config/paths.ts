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
} as const;
