import type { DataTableStatus } from '../../components/data-table';
import type { ServerData } from '../../lib/use-server-data';

/** What a table shows for its server data: loading, the failure with a retry, or its rows. */
export function tableStatus<T>(state: ServerData<T>, retry: () => void, loadingLabel: string): DataTableStatus {
  if (state.status === 'error') return { status: 'error', message: state.message, onRetry: retry };
  if (state.status === 'ready') return { status: 'ready' };
  return { status: 'loading', label: loadingLabel };
}
