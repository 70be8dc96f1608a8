/**
 * A Dexie `liveQuery` as React state: the query runs again whenever a table it read changes
 * (this tab's writes and other tabs' alike), so the screens always show the local tables.
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

export type LiveResult<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * `query` runs inside a liveQuery; `deps` say when it must be subscribed afresh. A result is
 * kept with the deps it was read for, so a change of deps shows "loading", never the old rows.
 */
export function useLiveQuery<T>(query: (() => Promise<T>) | null, deps: readonly unknown[]): LiveResult<T> {
  const [latest, setLatest] = useState<{ deps: readonly unknown[]; result: LiveResult<T> } | null>(null);
  useEffect(() => {
    if (!query) return;
    const subscription = liveQuery(query).subscribe({
      next: (data) => setLatest({ deps, result: { status: 'ready', data } }),
      error: (error: unknown) => {
        console.error('A local query failed', error);
        setLatest({ deps, result: { status: 'error', error } });
      },
    });
    return () => subscription.unsubscribe();
    // The caller names what the query depends on (like useEffect's own list).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (!query || !latest || !sameDeps(latest.deps, deps)) return { status: 'loading' };
  return latest.result;
}
