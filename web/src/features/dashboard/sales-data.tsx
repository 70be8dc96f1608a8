/**
 * How the dashboard's panels load: each through `useServerData` with "Failed to
 * fetch sales data!", and the calls of one dashboard's opening counted together
 * (opening-round.ts), so that "Sales data fetched successfully" shows once when the
 * dashboard has opened with all its data, never once per chart. It shows at the top right below
 * the top bar (app-toaster.tsx), beside the screen's title while the dashboard opens, clear of
 * the dashboard's fields and tabs.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { messages } from '../../config/messages';
import { notify } from '../../lib/notify';
import { useServerData, type ServerDataHandle } from '../../lib/use-server-data';
import { openingRound, type TrackRequest } from './opening-round';

const OpeningContext = createContext<TrackRequest | null>(null);

/**
 * Keyed, so a dashboard opened again while the last one's toast is still up refreshes it. At the
 * top right: at the bottom right it covered a chart's method tabs on a landscape tablet.
 */
const announceFetched = () => notify.success(messages.salesDataFetched, { id: 'sales-data-fetched', position: 'top-right' });

/** One dashboard's opening: the panels inside count their calls in it. */
export function SalesDataOpening({ children }: { children: ReactNode }) {
  const [track] = useState(() => openingRound(announceFetched));
  return <OpeningContext value={track}>{children}</OpeningContext>;
}

/** A panel's data: `load` as `useServerData` takes it (null: nothing to ask for yet). */
export function useSalesData<T>(load: ((signal: AbortSignal) => Promise<T>) | null): ServerDataHandle<T> {
  const track = useContext(OpeningContext);
  const counted = useMemo(
    () => (load && track ? (signal: AbortSignal) => track(load(signal)) : load),
    [load, track],
  );
  return useServerData(counted, messages.salesDataFetchFailed);
}
