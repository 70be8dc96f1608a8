import { Screen } from '@/components/screen';
import type { ShopArea } from '@/config/paths';

/** The receiving screens' paths in an area ("/admin" or "/staff"). */
export const receivingPaths = (area: ShopArea) => ({
  list: `/${area}/stock/receiving`,
  newDelivery: `/${area}/stock/receiving/new`,
  delivery: (id: string) => `/${area}/stock/receiving/${encodeURIComponent(id)}`,
});

/** What a receiving screen shows a person without the stock_receive grant (the server refuses them too). */
export function ReceivingGrantNeeded() {
  return (
    <Screen title="Receiving">
      <p>Receiving deliveries needs the “Receive deliveries” grant. Ask the shop&apos;s admin for it.</p>
    </Screen>
  );
}
