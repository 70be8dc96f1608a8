import { useEffect, useState } from 'react';
import { useAuthStore, type Shop } from '../../stores/auth-store';
import { checkSession } from './api/auth-api';
import { rememberSession } from './sessions';

export type KnownShop =
  | { status: 'signed-in'; shop: Shop }
  | { status: 'checking'; shop: null }
  | { status: 'signed-out'; shop: null };

/**
 * Which shop this till is signed in to, asked quietly (no toast, no redirect) when the store
 * does not know yet, e.g. after a reload. The admin and staff logins use it to name the shop or
 * point to the shop login, and the admin and staff areas so the top bar can show the shop.
 */
export function useKnownShop(): KnownShop {
  const shop = useAuthStore((state) => state.shopData);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (useAuthStore.getState().shopData) return;
    const controller = new AbortController();
    checkSession('shop', controller.signal).then(
      (data) => rememberSession('shop', data),
      () => {
        if (!controller.signal.aborted) setChecked(true);
      },
    );
    return () => controller.abort();
  }, []);

  if (shop) return { status: 'signed-in', shop };
  return checked ? { status: 'signed-out', shop: null } : { status: 'checking', shop: null };
}
