import { useEffect, useState } from 'react';
import { loadBackOfficeCore } from '@/lib/core-back-office';

/**
 * Whether the back office's WASM module (refunds, custom invoices) is ready to call. It loads on
 * the first screen that asks; until then (or if it cannot load) screens fall back to what the
 * server answers, which the same core computed.
 */
export function useBackOfficeCore(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    loadBackOfficeCore().then(
      () => {
        if (current) setReady(true);
      },
      (error: unknown) => console.error('The back-office core did not load', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return ready;
}
