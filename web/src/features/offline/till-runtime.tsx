/**
 * The till runtime for React: `TillRuntimeProvider` (mounted once around the app's frame, so the
 * top bar's sync status and the admin and staff screens share it) runs the signed-in shop's
 * runtime, and `useTillRuntime()` gives its database, engine and catalogue pull, or null while
 * no till runs (nobody signed in to a shop, or a browser without IndexedDB).
 */
import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { startBrowserTillRuntime } from './till-runtime-browser';
import { createTillRuntimeManager } from './till-runtime-manager';
import type { TillRuntime, TillRuntimeOptions } from './till-runtime-core';

/** What screens use of a running till. */
export type { TillRuntime, TillRuntimeOptions };

export type TillRuntimeHandle = Pick<TillRuntime, 'shopId' | 'db' | 'engine' | 'pullNow'>;

/** Exported so tests (and stories) can hand screens a runtime of their own. */
export const TillRuntimeContext = createContext<TillRuntimeHandle | null>(null);

interface TillRuntimeProviderProps {
  children: ReactNode;
  /** Writes accepted commands' answers locally; read once, when the provider mounts. */
  reconcile?: TillRuntimeOptions['reconcile'];
  /** Which queued commands a later one replaces; read once, when the provider mounts. */
  stateOf?: TillRuntimeOptions['stateOf'];
  /** Starts a shop's runtime; the browser's by default. Read once, when the provider mounts. */
  start?: (shopId: string) => TillRuntime | null;
}

export function TillRuntimeProvider({ children, reconcile, stateOf, start }: TillRuntimeProviderProps) {
  const [manager] = useState(() =>
    createTillRuntimeManager({ start: start ?? ((shopId) => startBrowserTillRuntime({ shopId, reconcile, stateOf })) }),
  );
  useEffect(() => manager.attach(), [manager]);
  const runtime = useSyncExternalStore(manager.subscribe, manager.current, noRuntime);
  return <TillRuntimeContext value={runtime}>{children}</TillRuntimeContext>;
}

const noRuntime = () => null;

/** The signed-in shop's till, or null before it runs. */
export function useTillRuntime(): TillRuntimeHandle | null {
  return use(TillRuntimeContext);
}
