/**
 * Which till runtime runs: the one of the shop an admin or staff member is signed in to, read
 * from the auth store. A sign-out stops it; signing in to another shop stops it and starts that
 * shop's. The super admin alone, or a shop with nobody signed in, runs none.
 *
 * Plain (no React) so the rules are tested without a DOM; the provider
 * (till-runtime.tsx) attaches it and hands the current runtime to the screens.
 */
import { useAuthStore, type AuthStore } from '../../stores/auth-store';
import { useSyncStatusStore } from '../../stores/sync-status-store';
import type { TillRuntime } from './till-runtime-core';

type AuthSource = Pick<typeof useAuthStore, 'getState' | 'subscribe'>;

export interface TillRuntimeManagerOptions {
  /** Starts a shop's runtime; null when this browser cannot run one (no IndexedDB). */
  start: (shopId: string) => TillRuntime | null;
  auth?: AuthSource;
  /** Emptied when a runtime stops, so the bar never shows another shop's queue. */
  clearStatus?: () => void;
  onError?: (error: unknown) => void;
}

export interface TillRuntimeManager {
  current(): TillRuntime | null;
  subscribe(listener: () => void): () => void;
  /** Follows the auth store until the answered function is called (which stops the runtime). */
  attach(): () => void;
}

/** The shop whose till should run: signed in as a shop AND as one of its admins or staff. */
export function tillShopId(state: Pick<AuthStore, 'shopData' | 'adminData' | 'staffData'>): string | null {
  if (!state.adminData && !state.staffData) return null;
  return state.shopData?._id || null;
}

export function createTillRuntimeManager(options: TillRuntimeManagerOptions): TillRuntimeManager {
  const auth = options.auth ?? useAuthStore;
  const clearStatus = options.clearStatus ?? (() => useSyncStatusStore.getState().clearShopStatus());
  const onError = options.onError ?? ((error: unknown) => console.error('The till could not stop cleanly', error));
  const listeners = new Set<() => void>();
  let runtime: TillRuntime | null = null;
  let runningFor: string | null = null;

  function follow(shopId: string | null) {
    if (shopId === runningFor) return;
    if (runtime) {
      runtime.stop().catch(onError);
      clearStatus();
    }
    runningFor = shopId;
    runtime = shopId ? options.start(shopId) : null;
    for (const listener of listeners) listener();
  }

  return {
    current: () => runtime,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach() {
      follow(tillShopId(auth.getState()));
      const unsubscribe = auth.subscribe((state) => follow(tillShopId(state)));
      return () => {
        unsubscribe();
        follow(null);
      };
    },
  };
}
