/**
 * The shop's shift rule (`GET` and `PUT /shop/shift-settings`, docs/api-shifts.md,
 * "requireOpenShift"): whether a till must open a shift with a counted float before it sells.
 * Every till reads it; a shop admin changes it.
 */
import { api } from '@/lib/api-client';

export interface ShiftSettings {
  requireOpenShift: boolean;
}

export const shiftSettingsFailed = 'Failed to fetch the shift settings!';
const saveFailed = 'Failed to save the shift settings!';

export const getShiftSettings = (signal?: AbortSignal) =>
  api.get<ShiftSettings>('/shop/shift-settings', { fallbackMessage: shiftSettingsFailed, signal });

export const saveShiftSettings = (settings: ShiftSettings) =>
  api.put<ShiftSettings>('/shop/shift-settings', settings, { fallbackMessage: saveFailed });
