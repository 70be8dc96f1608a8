/** Sign-in, sessions and logout: what the app's routes and area layouts use from this feature. */
export { AdminLoginPage } from './pages/admin-login-page';
export { ForgotPasswordPage } from './pages/forgot-password-page';
export { ResetPasswordPage } from './pages/reset-password-page';
export { ShopHomePage } from './pages/shop-home-page';
export { ShopLoginPage } from './pages/shop-login-page';
export { StaffLoginPage } from './pages/staff-login-page';
export { SuperAdminLoginPage } from './pages/super-admin-login-page';
export { SessionGuard } from './session-guard';
export { useKnownShop } from './use-known-shop';
export { useLogout } from './use-logout';
export { shopAreaOf, useShopSession, type ShopSession } from './use-shop-session';
export type { SessionArea } from './api/auth-api';
