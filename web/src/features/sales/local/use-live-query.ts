/**
 * A Dexie `liveQuery` as React state: the query runs again whenever a table it read changes
 * (this tab's writes and other tabs' alike), so the screens always show the local tables.
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

export type LiveResult<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/** `query` runs inside a liveQuery; `deps` say when it must be subscribed afresh. */
export function useLiveQuery<T>(query: (() => Promise<T>) | null, deps: readonly unknown[]): LiveResult<T> {
  const [result, setResult] = useState<LiveResult<T>>({ status: 'loading' });
  useEffect(() => {
    if (!query) return;
    setResult({ status: 'loading' });
    const subscription = liveQuery(query).subscribe({
      next: (data) => setResult({ status: 'ready', data }),
      error: (error: unknown) => {
        console.error('A local query failed', error);
        setResult({ status: 'error', error });
      },
    });
    return () => subscription.unsubscribe();
    // The caller names what the query depends on (like useEffect's own list).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return query ? result : { status: 'loading' };
}
