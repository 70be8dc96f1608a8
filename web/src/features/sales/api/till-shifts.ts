/**
 * The till's reads of its shift on the server (docs/api-shifts.md): the shop's shift rule and
 * the device's open shift. The writes go through the outbox (features/offline/till-actions.ts).
 */
import { api, ApiError } from '@/lib/api-client';

/** `GET /shop/shift-settings`. */
export interface ShiftSettings {
  requireOpenShift: boolean;
}

/** The server's `Shift`, money as exact JSON numbers (read once into decimal text). */
export interface WireShift {
  _id: string;
  ref: string;
  number: string;
  deviceCode: string;
  provisionalNumber: string;
  status: 'open' | 'closed';
  autoOpened: boolean;
  openedBy: string;
  openedAt: number;
  openingFloat: number | string;
}

const FAILED = 'Failed to fetch the shift';

export const getShiftSettings = (signal?: AbortSignal) =>
  api.get<ShiftSettings>('/shop/shift-settings', { fallbackMessage: FAILED, signal });

/** The device's open shift, or null when it has none (the server's 404). */
export async function getCurrentShift(deviceCode: string, signal?: AbortSignal): Promise<WireShift | null> {
  try {
    return await api.get<WireShift>(`/till/shifts/current?deviceCode=${encodeURIComponent(deviceCode)}`, { fallbackMessage: FAILED, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
