/**
 * Hands the till's local data (`{db, engine}`) to the screens. The till runtime
 * (features/offline/till-runtime.ts, `useTillRuntime()`) fills it once the shop's database and
 * sync engine are ready: `<TillDataProvider value={runtime}>` around the shop areas. Until then
 * (and outside a signed-in shop) `useTillData()` answers null and the till screens wait.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { TillData } from './till-data';

const TillDataContext = createContext<TillData | null>(null);

export function TillDataProvider({ value, children }: { value: TillData | null; children: ReactNode }) {
  return <TillDataContext value={value}>{children}</TillDataContext>;
}

export function useTillData(): TillData | null {
  return useContext(TillDataContext);
}
