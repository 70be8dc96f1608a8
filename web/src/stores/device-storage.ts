/**
 * What this device remembers across a reload, a crash or a closed tab (localStorage), for the
 * stores that persist (zustand's `persist`). Where there is no localStorage (tests in node),
 * nothing is remembered.
 */
import { createJSONStorage, type StateStorage } from 'zustand/middleware';

const noStorage: StateStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

export const deviceStorage = createJSONStorage(() => (typeof localStorage === 'undefined' ? noStorage : localStorage));

/** A stored record's field when it is text, else `fallback` (stored data is never trusted). */
export function storedText<T extends string | null>(stored: unknown, field: string, fallback: T): string | T {
  const value = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : fallback;
}
