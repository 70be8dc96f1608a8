/**
 * Whether the browser has a network, from `navigator.onLine` and its `online`/`offline` events
 * (docs/offline.md, "The cashier always knows"). "Online" only means a network is up, not that the
 * server answers; the sync engine learns that from its own requests.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/** Rendering outside a browser assumes a network: the events correct it on the first change. */
const assumeOnline = () => true;

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, assumeOnline);
}
