import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableStatus } from '@/components/data-table';
import { stockViewPaths, type ShopArea } from '@/config/paths';
import { dateAndTime } from '@/lib/date-text';
import type { LedgerRow } from './api/ledger-api';
import { changeTone, moveKindText, quantityText, signedQuantity } from './ledger-text';
import './ledger.css';

/**
 * A ledger row, and the product it moved when the table lists several products' rows. Those
 * rows have no balance: what is on hand after a row is one product's running sum.
 */
export type LedgerTableRow = Omit<LedgerRow, 'balance'> & { balance?: LedgerRow['balance']; productId?: string; productName?: string };

const quantityColumn = 'ledger-table__quantity';

const columnsFor = (withProduct: boolean): DataTableColumn[] => [
  { id: 'when', header: 'When', className: 'ledger-table__when' },
  ...(withProduct ? [{ id: 'product', header: 'Product' }] : []),
  { id: 'kind', header: 'Kind' },
  { id: 'change', header: 'Change', className: quantityColumn },
  ...(withProduct ? [] : [{ id: 'balance', header: 'Balance after', className: quantityColumn }]),
  { id: 'invoice', header: 'Invoice', className: 'data-table__nowrap' },
  { id: 'who', header: 'Who' },
];

interface LedgerTableProps {
  label: string;
  rows: LedgerTableRow[];
  state: DataTableStatus;
  empty: string;
  /** Lists each row's product, linking to its ledger (the movements of every product). */
  withProduct?: boolean;
  area: ShopArea;
  /** The shop's time zone for "When" (else the device's). */
  timeZone: string | undefined;
}

/**
 * Ledger rows newest first: when, what wrote the row in words, the change with its sign
 * (coloured: green put stock on, red took it off), what was on hand after, the sale's invoice
 * number and who made the change.
 */
export function LedgerTable({ label, rows, state, empty, withProduct = false, area, timeZone }: LedgerTableProps) {
  return (
    <div className="ledger-table">
      <DataTable label={label} columns={columnsFor(withProduct)} state={state} rowCount={rows.length} empty={empty}>
        {rows.map((row) => {
          const written = dateAndTime(row.createdAt, timeZone);
          const tone = changeTone(row.change);
          return (
            <tr key={row._id} className="data-table__row">
              <td className="ledger-table__when">
                {written ? (
                  <>
                    <span>{written.date}</span> <span className="ledger-table__time">{written.time}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              {withProduct && (
                <td>{row.productId ? <Link to={stockViewPaths.ledger(area, row.productId)}>{row.productName}</Link> : row.productName}</td>
              )}
              <td>{moveKindText(row.kind, row.reason)}</td>
              <td className={`${quantityColumn} ledger-change ledger-change--${tone}`}>{signedQuantity(row.change)}</td>
              {!withProduct && <td className={quantityColumn}>{row.balance === undefined ? '—' : quantityText(row.balance)}</td>}
              <td className="data-table__nowrap">{row.invoiceNumber ?? '—'}</td>
              <td>{row.userName || '—'}</td>
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}
