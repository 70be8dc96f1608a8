/**
 * What a stock screen says when the server cannot be reached: the form works from this device's
 * copy of the catalogue, and what is recorded waits in the outbox (offline-stock.ts) until the
 * connection returns.
 */
import './offline-notices.css';

/** Above a form whose products are this device's copy. */
export function OnDeviceNotice({ what }: { what: string }) {
  return (
    <p className="stock-offline-notice" role="status">
      No connection: products and stock are this device&apos;s copy. {what} is saved on this device and sent when the connection returns.
    </p>
  );
}

/** On the result of an operation queued on this device; `what` as in "the delivery is saved". */
export function QueuedNotice({ what, many = false }: { what: string; many?: boolean }) {
  return (
    <p className="stock-offline-notice" role="status">
      No connection: {what} {many ? 'are' : 'is'} saved on this device and sent when the connection returns. The stock ledger shows {many ? 'them' : 'it'} then; the
      top bar counts {many ? 'them' : 'it'} until sent.
    </p>
  );
}
