/**
 * The management screens (docs/api-management.md): the super admin's shops and
 * employees, the shop admin's staff, permissions and password resets. The app routes them.
 */
export { ShopSelector } from './components/shop-selector';
export { CreateEmployeePage } from './pages/create-employee-page';
export { CreateShopPage } from './pages/create-shop-page';
export { EmployeesPage } from './pages/employees-page';
export { ShopSignupPage } from './pages/shop-signup-page';
export { ShopsPage } from './pages/shops-page';
export { StaffSignupPage } from './pages/staff-signup-page';
export { StaffViewPage } from './pages/staff-view-page';
export { StaffPermissionsPage, StaffResetPasswordPage } from './pages/admin-staff-pages';
export { EmployeePermissionsPage, EmployeeResetPasswordPage, ShopResetPasswordPage } from './pages/super-admin-person-pages';
// The super admin's shop list, which the dashboard's shop selector scopes by.
export { useShopsStore } from './stores/shops-store';
