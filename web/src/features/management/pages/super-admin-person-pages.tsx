/** The super admin's per-person and per-shop screens: permissions and password resets. */
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { employeeCalls, resetEmployeePassword } from '../api/employees-api';
import { resetShopPassword } from '../api/shops-api';
import { PermissionsScreen } from '../components/permissions-screen';
import { SetPasswordScreen } from '../components/set-password-screen';
import { useShopsStore } from '../stores/shops-store';

const backToEmployees = { to: paths.superAdminEmployees, label: 'Employees' };

/** /super/admin/permissions/{id} */
export function EmployeePermissionsPage() {
  const { id = '' } = useParams();
  return <PermissionsScreen key={id} id={id} calls={employeeCalls} back={backToEmployees} />;
}

/** /super/admin/employee/reset/password/{employeeId} */
export function EmployeeResetPasswordPage() {
  const { employeeId = '' } = useParams();
  return (
    <SetPasswordScreen
      key={employeeId}
      title="Reset employee password"
      fallbackWhose="this employee"
      reset={(password) => resetEmployeePassword(employeeId, { password })}
      back={backToEmployees}
    />
  );
}

/** /super/admin/shop/reset/password/{shopId}: the password the shop's till signs in with. */
export function ShopResetPasswordPage() {
  const { shopId = '' } = useParams();
  const shopName = useShopsStore((state) => state.shops.find((shop) => shop._id === shopId)?.shopName);
  return (
    <SetPasswordScreen
      key={shopId}
      title="Reset shop password"
      whose={shopName}
      fallbackWhose="this shop"
      reset={(password) => resetShopPassword(shopId, { password })}
      back={{ to: paths.superAdminShops, label: 'Shops' }}
    />
  );
}
