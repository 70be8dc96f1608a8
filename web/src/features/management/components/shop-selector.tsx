import { Store } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { useSelectedShopStore } from '@/stores/selected-shop-store';
import { useShopsStore } from '../stores/shops-store';
import './shop-selector.css';

/**
 * The super admin's bar has a shop selector. The shop chosen here is
 * `selectedShopId`, which the employees screen (and later the dashboard) show. Shown only while
 * the super admin is signed in.
 */
export function ShopSelector() {
  const signedIn = useAuthStore((state) => state.superAdminData !== null);
  return signedIn ? <ShopSelect /> : null;
}

function ShopSelect() {
  const id = useId();
  const shops = useShopsStore((state) => state.shops);
  const status = useShopsStore((state) => state.status);
  const load = useShopsStore((state) => state.load);
  const selectedShopId = useSelectedShopStore((state) => state.selectedShopId);
  const setSelectedShopId = useSelectedShopStore((state) => state.setSelectedShopId);

  useEffect(() => {
    if (useShopsStore.getState().status === 'idle') void load();
  }, [load]);

  let placeholder: string | null = null;
  if (status === 'idle' || status === 'loading') placeholder = 'Loading shops…';
  else if (status === 'error') placeholder = 'Shops unavailable';
  else if (shops.length === 0) placeholder = 'No shops yet';

  return (
    <div className="shop-selector">
      <label htmlFor={id} className="shop-selector__label" title="Selected shop">
        <Store aria-hidden="true" />
        <span className="visually-hidden">Selected shop</span>
      </label>
      <select
        id={id}
        className="shop-selector__select"
        value={placeholder ? '' : selectedShopId}
        disabled={placeholder !== null}
        onChange={(event) => setSelectedShopId(event.target.value)}
      >
        {placeholder ? (
          <option value="">{placeholder}</option>
        ) : (
          shops.map((shop) => (
            <option key={shop._id} value={shop._id}>
              {shop.shopName}
            </option>
          ))
        )}
      </select>
    </div>
  );
}
