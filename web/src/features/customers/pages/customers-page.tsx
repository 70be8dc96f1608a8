import { UserPlus } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Screen } from '@/components/screen';
import { SearchBox } from '@/components/search-box';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { useScreenSearch } from '@/lib/use-screen-search';
import { listCustomers, type Customer } from '../api/customers-api';
import { CustomersTable, matchingCustomers } from '../components/customers-table';
import { customerPaths } from '../shop-area';
import { useShopSession } from '@/features/auth';

/**
 * /admin/customer/view and /staff/customer/view: the shop's customers, searched by
 * name, phone or email (the search text, emptied on leaving so the next screen starts
 * unfiltered), with an Add customer link for a session that may create them.
 */
export function CustomersPage() {
  const session = useShopSession();
  const [searchText, setSearchText] = useScreenSearch();

  const load = useCallback((signal: AbortSignal) => listCustomers(signal), []);
  const customers = useServerData<Customer[]>(load, messages.customersLoadFailed);
  const loaded = customers.state.status === 'ready' ? customers.state.data : null;
  let description = 'The shop’s customers and their loyalty points.';
  if (loaded) {
    const count = `${loaded.length} ${loaded.length === 1 ? 'customer' : 'customers'}`;
    description = searchText.trim() ? `${matchingCustomers(loaded, searchText).length} of ${count}` : count;
  }

  return (
    <Screen
      title="Customers"
      description={description}
      tools={
        <>
          <SearchBox label="Search customers" placeholder="Name, phone or email" value={searchText} onValueChange={setSearchText} />
          {session.can('customer_create') && (
            <Link to={customerPaths.add(session.area)} className="button button--primary">
              <UserPlus aria-hidden="true" />
              Add customer
            </Link>
          )}
        </>
      }
    >
      <CustomersTable customers={customers} searchText={searchText} session={session} />
    </Screen>
  );
}
