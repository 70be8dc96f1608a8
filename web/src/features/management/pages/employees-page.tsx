import { UserPlus } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { LoadStatus } from '@/components/data-table';
import { Screen, ScreenPanel } from '@/components/screen';
import { SearchBox } from '@/components/search-box';
import { messages } from '@/config/messages';
import { paths, pathTo } from '@/config/paths';
import { useServerData } from '@/lib/use-server-data';
import { useSelectedShopStore } from '@/stores/selected-shop-store';
import type { User } from '@/stores/auth-store';
import { employeeCalls, listEmployees } from '../api/employees-api';
import { StaffTable } from '../components/staff-table';
import { useShopsStore } from '../stores/shops-store';
import { useScreenSearch } from '@/lib/use-screen-search';
import '../components/management.css';

/**
 * /super/admin/staffs: the employees of the shop chosen in the bar's shop
 * selector, with inline edit, delete, permissions and password reset; search on name, email
 * and phone.
 */
export function EmployeesPage() {
  const shopId = useSelectedShopStore((state) => state.selectedShopId);
  const shop = useShopsStore((state) => state.shops.find((candidate) => candidate._id === shopId));
  const shopsStatus = useShopsStore((state) => state.status);
  const noShops = useShopsStore((state) => state.status === 'ready' && state.shops.length === 0);
  const loadShops = useShopsStore((state) => state.load);
  const [searchText, setSearchText] = useScreenSearch();

  // The bar's shop selector loads the shops too; whichever asks first, one request is sent.
  useEffect(() => {
    if (useShopsStore.getState().status === 'idle') void loadShops();
  }, [loadShops]);

  const load = useCallback((signal: AbortSignal) => listEmployees(shopId, signal), [shopId]);
  const people = useServerData<User[]>(shopId ? load : null, messages.staffLoadFailed);
  const count = people.state.status === 'ready' ? people.state.data.length : null;

  let description = 'Choose a shop in the bar above to see its employees.';
  if (shop) description = count === null ? `Employees of ${shop.shopName}` : `${count} ${count === 1 ? 'employee' : 'employees'} of ${shop.shopName}`;

  return (
    <Screen
      title="Employees"
      description={description}
      tools={
        <>
          <SearchBox label="Search employees" placeholder="Name, email or phone" value={searchText} onValueChange={setSearchText} />
          <Link to={paths.superAdminCreateEmployee} className="button button--primary">
            <UserPlus aria-hidden="true" />
            Create employee
          </Link>
        </>
      }
    >
      {shopId ? (
        <StaffTable
          label={shop ? `Employees of ${shop.shopName}` : 'Employees'}
          people={people}
          searchText={searchText}
          calls={employeeCalls}
          permissionsPath={pathTo.superAdminPermissions}
          resetPasswordPath={pathTo.superAdminEmployeeResetPassword}
          empty="This shop has no employees yet."
        />
      ) : (
        <ScreenPanel>
          {noShops ? (
            <LoadStatus
              state={{
                status: 'empty',
                message: (
                  <>
                    There are no shops yet. <Link to={paths.superAdminCreateShop}>Create a shop</Link> first.
                  </>
                ),
              }}
            />
          ) : (
            <LoadStatus
              state={
                shopsStatus === 'error'
                  ? { status: 'error', message: 'The shops could not be loaded.', onRetry: () => void loadShops() }
                  : { status: 'loading', label: 'Loading shops…' }
              }
            />
          )}
        </ScreenPanel>
      )}
    </Screen>
  );
}
