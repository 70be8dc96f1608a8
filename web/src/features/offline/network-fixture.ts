/**
 * Tests only: plays the browser's network state. Sets `navigator.onLine` and fires the event a
 * browser fires when it changes.
 */
import { act } from 'react';

let online = true;

export function installNetwork(): void {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

export function goOffline(): void {
  act(() => {
    online = false;
    window.dispatchEvent(new Event('offline'));
  });
}

export function goOnline(): void {
  act(() => {
    online = true;
    window.dispatchEvent(new Event('online'));
  });
}

/** Changes the state without an event, as while the app was closed. */
export function startOffline(): void {
  online = false;
}
