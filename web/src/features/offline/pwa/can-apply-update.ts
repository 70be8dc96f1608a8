/**
 * Whether a new version of the app, waiting in the service worker, may take over this till now.
 * Taking over reloads the page, which is only safe when every command the till queued has
 * reached the server (issue 7: "updates apply safely, never while commands are unsynced").
 *
 * Nothing is queued locally yet, so the answer is always yes; the outbox's pending count plugs
 * in here once the cart writes through it. Async because that count is read from IndexedDB.
 */
export async function canApplyUpdate(): Promise<boolean> {
  return true;
}
