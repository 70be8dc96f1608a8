/**
 * The shop's receipt settings (`GET` and `PUT /shop/receipt`, docs/api-management.md,
 * "Receipt"): what receipts print besides the sale. Every till of the shop reads them; the
 * admin changes them.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';

export type ReceiptPaper = '80mm' | 'a4';

export interface ReceiptSettings {
  shopName: string;
  phoneNumber: string;
  /** '' when none; lines separated by "\n". */
  address: string;
  /** '' when none; lines separated by "\n". */
  receiptFooter: string;
  receiptPaper: ReceiptPaper;
}

export type ReceiptChanges = Pick<ReceiptSettings, 'address' | 'receiptFooter' | 'receiptPaper'>;

export const getReceiptSettings = (signal?: AbortSignal) =>
  api.get<ReceiptSettings>('/shop/receipt', { fallbackMessage: messages.receiptSettingsFailed, signal });

export const saveReceiptSettings = (changes: ReceiptChanges) =>
  api.put<ReceiptSettings>('/shop/receipt', changes, { fallbackMessage: messages.receiptSettingsFailed });
