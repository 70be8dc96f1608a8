import { Screen } from '@/components/screen';
import type { ShopArea } from '@/config/paths';

/** The count screens' paths in an area ("/admin" or "/staff"). */
export const countPaths = (area: ShopArea) => ({
  list: `/${area}/stock/counts`,
  count: (id: string) => `/${area}/stock/counts/${encodeURIComponent(id)}`,
});

/** What a count screen shows a person without the stock_count grant (the server refuses them too). */
export function CountGrantNeeded() {
  return (
    <Screen title="Stock counts">
      <p>Counting stock needs the “Count stock” grant. Ask the shop&apos;s admin for it.</p>
    </Screen>
  );
}

export const countStatusLabels = { open: 'Open', posted: 'Posted', cancelled: 'Cancelled' } as const;
