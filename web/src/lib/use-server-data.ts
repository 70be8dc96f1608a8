/**
 * Loading what a screen shows from the server: the call runs when the screen opens (and again
 * when `load` changes or on `reload`), is aborted when the screen moves on, and ends in one of
 * three states a table or form can render. A failure is toasted (the server's
 * message, else the fallback the call names) and kept for the screen to show with a retry.
 * `update` changes the loaded data in place after a save, so the screen shows it at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isAbort } from './api-client';
import { notify } from './notify';

export type ServerData<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

type Load<T> = (signal: AbortSignal) => Promise<T>;

interface Outcome<T> {
  load: Load<T>;
  attempt: number;
  result: { ok: true; data: T } | { ok: false; message: string };
}

export interface ServerDataHandle<T> {
  state: ServerData<T>;
  reload: () => void;
  update: (change: (data: T) => T) => void;
}

/**
 * `load` must keep its identity between renders unless what it loads changes (wrap it in
 * useCallback); null means there is nothing to load yet (e.g. no shop chosen).
 */
export function useServerData<T>(load: Load<T> | null, fallbackMessage: string): ServerDataHandle<T> {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setOutcome({ load, attempt, result: { ok: true, data } }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        const message = errorMessage(error, fallbackMessage);
        notify.error(message);
        setOutcome({ load, attempt, result: { ok: false, message } });
      },
    );
    return () => controller.abort();
  }, [load, attempt, fallbackMessage]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setOutcome((current) =>
      current?.result.ok ? { ...current, result: { ok: true, data: change(current.result.data) } } : current,
    );
  }, []);

  let state: ServerData<T>;
  if (!load) state = { status: 'idle' };
  else if (!outcome || outcome.load !== load || outcome.attempt !== attempt) state = { status: 'loading' };
  else if (outcome.result.ok) state = { status: 'ready', data: outcome.result.data };
  else state = { status: 'error', message: outcome.result.message };

  return { state, reload, update };
}
