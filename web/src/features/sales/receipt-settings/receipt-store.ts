/**
 * The shop's receipt settings as this device last read them, kept across reloads so a till
 * prints the shop's address and footer offline too. Keyed by the shop: a till signed in to
 * another shop prints nothing of the first one's.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ReceiptSettings } from '../api/receipt-settings';
import { deviceStorage } from '@/stores/device-storage';

interface ReceiptState {
  /** The shop's `_id` the settings are of. */
  shopId: string | null;
  settings: ReceiptSettings | null;
}

interface ReceiptActions {
  remember: (shopId: string, settings: ReceiptSettings) => void;
}

export const RECEIPT_STORAGE_KEY = 'tillwise-receipt';

const isSettings = (value: unknown): value is ReceiptSettings => {
  if (value === null || typeof value !== 'object') return false;
  const fields = value as Record<string, unknown>;
  const texts = ['shopName', 'phoneNumber', 'address', 'receiptFooter'].every((field) => typeof fields[field] === 'string');
  return texts && (fields.receiptPaper === '80mm' || fields.receiptPaper === 'a4');
};

export const useReceiptStore = create<ReceiptState & ReceiptActions>()(
  persist(
    (set) => ({
      shopId: null,
      settings: null,
      remember: (shopId, settings) => set({ shopId, settings }),
    }),
    {
      name: RECEIPT_STORAGE_KEY,
      version: 1,
      storage: deviceStorage,
      partialize: ({ shopId, settings }) => ({ shopId, settings }),
      // Stored data is never trusted: anything malformed is forgotten.
      merge: (stored, current) => {
        const kept = (stored ?? {}) as Partial<ReceiptState>;
        const valid = typeof kept.shopId === 'string' && isSettings(kept.settings);
        return valid ? { ...current, shopId: kept.shopId!, settings: kept.settings! } : current;
      },
    },
  ),
);
