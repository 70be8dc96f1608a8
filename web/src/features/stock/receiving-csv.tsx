import { useId, useRef, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/money-text';
import { notify } from '@/lib/notify';
import { deliveryCsvReadFailed, readDeliveryCsv, type CsvRowError, type DeliveryCsvReading } from './api/receivings-api';

/**
 * "Import CSV": the delivery note's file read by the server into lines to review (nothing is
 * stored); the file input is cleared after, so the same file can be chosen again.
 */
export function ReceivingCsvImport({ onRead }: { onRead: (reading: DeliveryCsvReading) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  async function read(file: File) {
    setReading(true);
    try {
      onRead(await readDeliveryCsv(await file.text()));
    } catch (error) {
      notify.error(errorMessage(error, deliveryCsvReadFailed));
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="receiving-csv-import">
      <label htmlFor={inputId} className={`button button--secondary${reading ? ' button--busy' : ''}`} aria-busy={reading}>
        {reading ? 'Reading CSV…' : 'Import CSV'}
      </label>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".csv,text/csv"
        disabled={reading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void read(file);
        }}
      />
    </div>
  );
}

const columns: DataTableColumn[] = [
  { id: 'row', header: 'Row', className: 'receiving-number' },
  { id: 'product', header: 'Product' },
  { id: 'quantity', header: 'Quantity', className: 'receiving-number' },
  { id: 'unitCost', header: 'Unit cost', className: 'receiving-number' },
];

/** The server's row errors say their row ("Row 4: …"); one that does not is given it. */
const rowErrorText = (error: CsvRowError) => (/^row\s+\d+/i.test(error.message) ? error.message : `Row ${error.row}: ${error.message}`);

interface ReceivingCsvReviewProps {
  reading: DeliveryCsvReading;
  currencyCode: string;
  onAdd: () => void;
  onDiscard: () => void;
}

/** The lines a CSV gave and the rows it could not read, before the lines join the delivery. */
export function ReceivingCsvReview({ reading, currencyCode, onAdd, onDiscard }: ReceivingCsvReviewProps) {
  const count = reading.lines.length;
  return (
    <section className="receiving-csv-review" aria-label="CSV review">
      <h2 className="receiving-csv-review__title">
        CSV read: {count} {count === 1 ? 'line' : 'lines'}
        {reading.errors.length > 0 && `, ${reading.errors.length} ${reading.errors.length === 1 ? 'row' : 'rows'} with errors`}
      </h2>
      {reading.errors.length > 0 && (
        <ul className="receiving-csv-review__errors" aria-label="Rows not read">
          {reading.errors.map((error) => (
            <li key={error.row}>{rowErrorText(error)}</li>
          ))}
        </ul>
      )}
      {count > 0 && (
        <DataTable label="Lines read from the CSV" columns={columns} state={{ status: 'ready' }} rowCount={count} empty="No lines">
          {reading.lines.map((line) => (
            <tr key={line.row} className="data-table__row">
              <td className="receiving-number">{line.row}</td>
              <td>{line.productName}</td>
              <td className="receiving-number">{`${line.quantity} ${line.unit}`}</td>
              <td className="receiving-number">{money(line.unitCost, currencyCode)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="receiving-csv-review__buttons">
        <button type="button" className="button button--secondary" onClick={onDiscard}>
          Discard
        </button>
        <button type="button" className="button button--primary" onClick={onAdd} disabled={count === 0}>
          Add {count} {count === 1 ? 'line' : 'lines'}
        </button>
      </div>
    </section>
  );
}
