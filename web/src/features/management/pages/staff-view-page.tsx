import { UserPlus } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Screen } from '@/components/screen';
import { SearchBox } from '@/components/search-box';
import { messages } from '@/config/messages';
import { paths, pathTo } from '@/config/paths';
import { useServerData } from '@/lib/use-server-data';
import { useAuthStore, type User } from '@/stores/auth-store';
import { listStaff, staffCalls } from '../api/staff-api';
import { StaffTable } from '../components/staff-table';
import { useScreenSearch } from '@/lib/use-screen-search';

/**
 * /admin/staff/view: the shop's staff with inline edit, delete, permissions and
 * password reset; an admin's row shows "Admin" instead of its actions.
 */
export function StaffViewPage() {
  const shopId = useAuthStore((state) => state.adminData?.shopId ?? '');
  const shopName = useAuthStore((state) => state.adminData?.shopName);
  const [searchText, setSearchText] = useScreenSearch();
  const load = useCallback((signal: AbortSignal) => listStaff(signal), []);
  const people = useServerData<User[]>(load, messages.staffLoadFailed);
  const calls = staffCalls(shopId);
  const count = people.state.status === 'ready' ? people.state.data.length : null;

  return (
    <Screen
      title="Staff"
      description={
        count === null ? `The people of ${shopName ?? 'your shop'}.` : `${count} ${count === 1 ? 'person' : 'people'} at ${shopName ?? 'your shop'}`
      }
      tools={
        <>
          <SearchBox label="Search staff" placeholder="Name, email or phone" value={searchText} onValueChange={setSearchText} />
          <Link to={paths.adminStaffSignup} className="button button--primary">
            <UserPlus aria-hidden="true" />
            Add staff
          </Link>
        </>
      }
    >
      <StaffTable
        label="Staff"
        people={people}
        searchText={searchText}
        calls={calls}
        permissionsPath={pathTo.adminPermissions}
        resetPasswordPath={pathTo.adminStaffResetPassword}
        adminRowsLocked
        empty="No staff yet. Add the first one."
      />
    </Screen>
  );
}
