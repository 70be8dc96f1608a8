/** The shop admin's per-person screens: a staff member's permissions and password reset. */
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/stores/auth-store';
import { resetStaffPassword, staffCalls } from '../api/staff-api';
import { PermissionsScreen } from '../components/permissions-screen';
import { SetPasswordScreen } from '../components/set-password-screen';

const backToStaff = { to: paths.adminStaffView, label: 'Staff' };

/** /admin/permissions/{id}: the admin's own shop is named in the call. */
export function StaffPermissionsPage() {
  const { id = '' } = useParams();
  const shopId = useAuthStore((state) => state.adminData?.shopId ?? '');
  const calls = useMemo(() => staffCalls(shopId), [shopId]);
  return <PermissionsScreen key={id} id={id} calls={calls} back={backToStaff} />;
}

/** /admin/staff/reset/password/{staffId} */
export function StaffResetPasswordPage() {
  const { staffId = '' } = useParams();
  return (
    <SetPasswordScreen
      key={staffId}
      title="Reset staff password"
      fallbackWhose="this staff member"
      reset={(password) => resetStaffPassword(staffId, { password })}
      back={backToStaff}
    />
  );
}
