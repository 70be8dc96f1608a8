/**
 * The till's read of its shift on the server (docs/api-shifts.md): the device's open shift.
 * The writes go through the outbox (features/offline/till-actions.ts); the shop's shift rule is
 * read with features/shifts' `getShiftSettings`.
 */
import { api, ApiError } from '@/lib/api-client';
import { canonicalDecimal } from '@/lib/decimal-text';
import type { ServerShift } from '../local/shift-commands';

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

/** The device's open shift, or null when it has none (the server's 404). */
export async function getCurrentShift(deviceCode: string, signal?: AbortSignal): Promise<WireShift | null> {
  try {
    return await api.get<WireShift>(`/till/shifts/current?deviceCode=${encodeURIComponent(deviceCode)}`, { fallbackMessage: FAILED, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The server's open shift as the till's local tables take it: money as decimal text. */
export function serverShiftOf(shift: WireShift): ServerShift {
  return {
    ref: shift.ref,
    serverId: String(shift._id),
    number: shift.number,
    deviceCode: shift.deviceCode,
    provisionalNumber: shift.provisionalNumber,
    autoOpened: shift.autoOpened,
    openingFloat: canonicalDecimal(shift.openingFloat),
    openedAt: shift.openedAt,
    openedBy: shift.openedBy,
  };
}
