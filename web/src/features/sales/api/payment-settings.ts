/**
 * The shop's payment settings (`GET` and `PUT /shop/payment-settings`): `cashRounding`, the step
 * a sale's cash is rounded to (0 for none, or 0.05, 0.10, 0.25, 0.50, 1.00). Every till reads it
 * and keeps it for offline sales; the admin changes it.
 */
import { api } from '@/lib/api-client';
import { messages } from '@/config/messages';
import { decimalOf } from '@/types/invoice-wire';
import type { Decimal } from '@/types/invoice';

export interface PaymentSettings {
  /** Decimal text, "0" for none (the server's JSON number, read once). */
  cashRounding: Decimal;
}

interface WirePaymentSettings {
  cashRounding: number;
}

const fromWire = (settings: WirePaymentSettings): PaymentSettings => ({ cashRounding: decimalOf(settings.cashRounding) });

export const getPaymentSettings = (signal?: AbortSignal) =>
  api.get<WirePaymentSettings>('/shop/payment-settings', { fallbackMessage: messages.paymentSettingsFailed, signal }).then(fromWire);

/** Saves the step; the server refuses any but the allowed ones with its message. */
export const savePaymentSettings = (settings: PaymentSettings) =>
  api
    .put<WirePaymentSettings>('/shop/payment-settings', { cashRounding: Number(settings.cashRounding) }, { fallbackMessage: messages.paymentSettingsFailed })
    .then(fromWire);
