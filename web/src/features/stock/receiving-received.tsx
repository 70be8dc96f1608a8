import { DataTable, type DataTableColumn } from '@/components/data-table';
import { dateAndTime } from '@/lib/date-text';
import { money } from '@/lib/money-text';
import type { Delivery } from './api/receivings-api';

const columns: DataTableColumn[] = [
  { id: 'product', header: 'Product' },
  { id: 'quantity', header: 'Quantity', className: 'receiving-number' },
  { id: 'unitCost', header: 'Unit cost', className: 'receiving-number' },
  { id: 'lineCost', header: 'Line cost', className: 'receiving-number' },
  { id: 'costBefore', header: 'Cost before', className: 'receiving-number' },
  { id: 'costAfter', header: 'Cost after', className: 'receiving-number' },
  { id: 'stockAfter', header: 'Stock after', className: 'receiving-number' },
];

interface ReceivedDeliveryProps {
  delivery: Delivery;
  currencyCode: string;
  timeZone: string | undefined;
}

/** A delivery as the server recorded it: each product's cost per unit before and after, and its stock after. */
export function ReceivedDelivery({ delivery, currencyCode, timeZone }: ReceivedDeliveryProps) {
  const when = dateAndTime(delivery.createdAt, timeZone);
  return (
    <div className="receiving-received">
      <dl className="receiving-facts">
        <div>
          <dt>Supplier</dt>
          <dd>{delivery.supplier}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{delivery.reference || '—'}</dd>
        </div>
        <div>
          <dt>Received by</dt>
          <dd>{delivery.userName}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{when ? `${when.date} ${when.time}` : '—'}</dd>
        </div>
        <div>
          <dt>Total cost</dt>
          <dd className="receiving-facts__total">{money(delivery.totalCost, currencyCode)}</dd>
        </div>
      </dl>
      {delivery.note && <p className="receiving-note">{delivery.note}</p>}
      <DataTable label="Lines received" columns={columns} state={{ status: 'ready' }} rowCount={delivery.lines.length} empty="No lines">
        {delivery.lines.map((line, index) => (
          <tr key={`${line.productId}-${index}`} className="data-table__row">
            <td>{line.productName}</td>
            <td className="receiving-number">{`${line.quantity} ${line.unit}`}</td>
            <td className="receiving-number">{money(line.unitCost, currencyCode)}</td>
            <td className="receiving-number">{money(line.lineCost, currencyCode)}</td>
            <td className="receiving-number">{money(line.costBefore, currencyCode)}</td>
            <td className="receiving-number">{money(line.costAfter, currencyCode)}</td>
            <td className="receiving-number">{`${line.quantityAfter} ${line.unit}`}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
