import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { LoadStatus } from '@/components/data-table';
import { Screen } from '@/components/screen';
import { useShopSession } from '@/features/auth';
import { useServerData } from '@/lib/use-server-data';
import { deliveryFetchFailed, getDelivery } from './api/receivings-api';
import { ReceivingGrantNeeded, receivingPaths } from './receiving-paths';
import { ReceivedDelivery } from './receiving-received';
import './receiving.css';

/** /admin/stock/receiving/:id: one delivery as it was received. */
export function ReceivingDeliveryPage() {
  const session = useShopSession();
  const id = useParams().id ?? '';
  const allowed = session.can('stock_receive');
  const load = useCallback((signal: AbortSignal) => getDelivery(id, signal), [id]);
  const delivery = useServerData(allowed ? load : null, deliveryFetchFailed);
  if (!allowed) return <ReceivingGrantNeeded />;
  return (
    <Screen title="Delivery" back={<Link to={receivingPaths(session.area).list}>← Deliveries</Link>}>
      {delivery.state.status === 'ready' ? (
        <ReceivedDelivery delivery={delivery.state.data} currencyCode={session.currencyCode} timeZone={session.timeZone} />
      ) : (
        <LoadStatus
          state={
            delivery.state.status === 'error'
              ? { status: 'error', message: delivery.state.message, onRetry: delivery.reload }
              : { status: 'loading', label: 'Loading delivery…' }
          }
        />
      )}
    </Screen>
  );
}
