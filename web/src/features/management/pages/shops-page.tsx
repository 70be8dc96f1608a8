import { KeyRound, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DataTable, EditableRow, EmailText, TableLink, type DataTableColumn } from '@/components/data-table';
import { Screen } from '@/components/screen';
import { SearchBox } from '@/components/search-box';
import { messages } from '@/config/messages';
import { paths, pathTo } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { matchesSearch } from '@/lib/search';
import type { Shop } from '@/stores/auth-store';
import { updateShop, type ShopChanges } from '../api/shops-api';
import { useShopsStore } from '../stores/shops-store';
import { useScreenSearch } from '@/lib/use-screen-search';
import { timeZoneOptions } from '../time-zones';
import { shopErrors, trimmed } from '../validation';
import '../components/management.css';

const columns: DataTableColumn[] = [
  { id: 'no', header: 'No', className: 'data-table__number' },
  { id: 'name', header: 'Name' },
  { id: 'email', header: 'Email' },
  { id: 'phone', header: 'Phone', className: 'data-table__nowrap' },
  { id: 'country', header: 'Country' },
  { id: 'currency', header: 'Currency', className: 'data-table__nowrap' },
  { id: 'timeZone', header: 'Time zone' },
  { id: 'actions', header: 'Actions', headerHidden: true },
];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * /super/admin/shops: every shop, with inline edit of name, email, country,
 * currency and time zone, a reset-password link, and a search on name, email,
 * country and currency.
 */
export function ShopsPage() {
  const shops = useShopsStore((state) => state.shops);
  const status = useShopsStore((state) => state.status);
  const error = useShopsStore((state) => state.error);
  const load = useShopsStore((state) => state.load);
  const upsert = useShopsStore((state) => state.upsert);
  const [searchText, setSearchText] = useScreenSearch();

  // Fresh on every visit: another super admin may have added or changed a shop.
  useEffect(() => {
    void load();
  }, [load]);

  const shown = shops.filter((shop) =>
    matchesSearch(searchText, [shop.shopName, shop.email, shop.countryName, shop.currencyCode]),
  );

  async function save(shop: Shop, draft: ShopChanges): Promise<boolean> {
    const changes = trimmed(draft);
    try {
      const saved = await updateShop(shop._id, { ...changes, currencyCode: changes.currencyCode.toUpperCase() });
      upsert(saved);
      notify.success(messages.shopUpdated);
      return true;
    } catch (caught) {
      notify.error(errorMessage(caught, messages.shopUpdateFailed));
      return false;
    }
  }

  const ready = status === 'ready';
  return (
    <Screen
      title="Shops"
      description={ready ? plural(shops.length, 'shop', 'shops') : 'Every shop on this system.'}
      tools={
        <>
          <SearchBox
            label="Search shops"
            placeholder="Name, email, country, currency"
            value={searchText}
            onValueChange={setSearchText}
          />
          <Link to={paths.superAdminCreateShop} className="button button--primary">
            <Plus aria-hidden="true" />
            Create shop
          </Link>
        </>
      }
    >
      <DataTable
        label="Shops"
        columns={columns}
        state={
          status === 'error'
            ? { status: 'error', message: error ?? messages.shopsLoadFailed, onRetry: () => void load() }
            : ready
              ? { status: 'ready' }
              : { status: 'loading', label: 'Loading shops…' }
        }
        rowCount={shown.length}
        empty={shops.length > 0 ? 'No shop matches the search.' : 'No shops yet. Create the first one.'}
      >
        {shown.map((shop, index) => (
          <EditableRow
            key={shop._id}
            name={shop.shopName}
            values={{
              shopName: shop.shopName,
              email: shop.email,
              countryName: shop.countryName,
              currencyCode: shop.currencyCode,
              timeZone: shop.timeZone,
            }}
            validate={shopErrors}
            onSave={(draft) => save(shop, draft)}
            cells={[
              { id: 'no', view: index + 1, className: 'data-table__number' },
              { id: 'name', view: shop.shopName, edit: { field: 'shopName', label: 'Shop name', autoCapitalize: 'words' } },
              { id: 'email', view: <EmailText email={shop.email} />, edit: { field: 'email', label: 'Email', type: 'email', inputMode: 'email' } },
              { id: 'phone', view: shop.phoneNumber, className: 'data-table__nowrap' },
              { id: 'country', view: shop.countryName, edit: { field: 'countryName', label: 'Country', autoCapitalize: 'words' } },
              {
                id: 'currency',
                view: shop.currencyCode,
                className: 'data-table__nowrap',
                edit: { field: 'currencyCode', label: 'Currency', maxLength: 3, autoCapitalize: 'characters' },
              },
              {
                id: 'timeZone',
                view: shop.timeZone.replaceAll('_', ' '),
                edit: { field: 'timeZone', label: 'Time zone', options: timeZoneOptions(shop.timeZone) },
              },
            ]}
            actions={
              <TableLink
                icon={KeyRound}
                label={`Reset password of ${shop.shopName}`}
                to={pathTo.superAdminShopResetPassword(shop._id)}
                state={{ name: shop.shopName }}
              />
            }
          />
        ))}
      </DataTable>
    </Screen>
  );
}
