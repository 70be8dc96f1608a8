/**
 * The signed-in shop's receipt settings for printing: the ones this device keeps (so a till
 * prints them offline too), refreshed from the server each time an admin or staff area opens
 * while online, so a change the admin made on another device reaches this till's next receipt.
 */
import { useEffect } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { useReceiptStore } from './receipt-store';
import { getReceiptSettings, type ReceiptSettings } from '../api/receipt-settings';

/** The kept settings of the signed-in shop, or null when this device has none yet. */
export function useReceiptSettings(): ReceiptSettings | null {
  const shopId = useAuthStore((state) => state.shopData?._id ?? null);
  return useReceiptStore((state) => (shopId !== null && state.shopId === shopId ? state.settings : null));
}

/** Reads the shop's settings again; for the areas that print receipts, once as they open. */
export function useReceiptSettingsRefresh() {
  const shopId = useAuthStore((state) => state.shopData?._id ?? null);
  useEffect(() => {
    if (!shopId || !navigator.onLine) return;
    const controller = new AbortController();
    getReceiptSettings(controller.signal).then(
      (settings) => useReceiptStore.getState().remember(shopId, settings),
      // Offline or refused: the kept settings (or none) print; nothing to tell the cashier.
      () => undefined,
    );
    return () => controller.abort();
  }, [shopId]);
}
