/**
 * The dashboard's opening: the requests made from the first one until all of them have settled.
 * Opening asks for the eight charts and tiles at once; a tab or date chosen before they are all
 * in joins them. `onOpened` runs once, when the opening ends, if something was fetched and
 * nothing failed: a failure is toasted by itself, and a request aborted for a newer one counts
 * neither way. Requests made after the opening (a tab, a date, another shop, a retry) pass
 * through uncounted: their panel reads Loading... and then draws, where the user is looking, and
 * no toast comes to cover the control just used.
 */
import { isAbort } from '../../lib/api-client';

export type TrackRequest = <T>(request: Promise<T>) => Promise<T>;

export function openingRound(onOpened: () => void): TrackRequest {
  let open = 0;
  let fetched = 0;
  let failed = false;
  let ended = false;

  const settle = (outcome: 'fetched' | 'failed' | 'abandoned') => {
    open -= 1;
    if (outcome === 'fetched') fetched += 1;
    if (outcome === 'failed') failed = true;
    if (open > 0) return;
    ended = true;
    if (fetched > 0 && !failed) onOpened();
  };

  return (request) => {
    if (ended) return request;
    open += 1;
    request.then(
      () => settle('fetched'),
      (error: unknown) => settle(isAbort(error) ? 'abandoned' : 'failed'),
    );
    return request;
  };
}
